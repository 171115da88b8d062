import type { FastifyInstance } from 'fastify';
import { FolderInUseError } from '@bilmarknaden/db/lock';
import { SettingsError } from './settings.ts';

/** Graceful shutdown: stop accepting, finish requests in flight, close the database, exit. */
export function closeOnSignals(app: FastifyInstance): void {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

/** Boot failures a person can act on get one clear message, not a stack trace. */
export function exitOnBootError(err: unknown): never {
  if (err instanceof SettingsError || err instanceof FolderInUseError) {
    console.error(`Bilmarknaden cannot start.\n${err.message}`);
  } else {
    console.error('Bilmarknaden cannot start:', err);
  }
  process.exit(1);
}
