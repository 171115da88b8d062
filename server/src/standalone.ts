import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import { openSettingsDatabase } from './open-database.ts';
import { runMigrations, type MigrationSet } from '@bilmarknaden/db/migrations';
import { logRequests } from './logger.ts';
import { fastifyOptions, registerCompression, registerErrorAnswers, registerSecurity } from './app.ts';
import { registerHealthCheck } from './health.ts';
import type { Settings } from './settings.ts';

/** One service alone on its own port (scale-out): its own migrations, health check and security headers. */
export async function buildStandalone(
  settings: Settings,
  migrations: MigrationSet,
  register: (app: FastifyInstance, db: Database) => Promise<void>,
): Promise<FastifyInstance> {
  const db = await openSettingsDatabase(settings);
  const app = Fastify(fastifyOptions(settings));
  logRequests(app);
  app.addHook('onClose', () => db.close());
  await runMigrations(db, [migrations]);
  registerErrorAnswers(app);
  await registerSecurity(app, settings);
  await registerCompression(app);
  registerHealthCheck(app, db);
  await register(app, db);
  return app;
}
