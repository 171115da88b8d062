import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { TEST_PHOTO_WORKER_PRIORITY, fakeWebDist, migratedDataDir } from './helpers.ts';
import { SERVER_BUNDLE_ENV } from './setup-env.ts';

// The real default process for tests over loopback (lock, restarts, signals, timeouts, boot checks).
const root = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The server bundle global-setup.ts built from the current sources: what `npm start` runs. */
export function serverBundleMain(): string {
  const dir = process.env[SERVER_BUNDLE_ENV];
  if (!dir)
    throw new Error(`${SERVER_BUNDLE_ENV} is not set: run the tests through vitest (server/test/global-setup.ts)`);
  return path.join(dir, 'main.js');
}

/** Starts the default process without demo data, on a fresh DATA_DIR unless `env` names one. */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [serverBundleMain()], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: migratedDataDir(),
      WEB_DIST: fakeWebDist(),
      ...TEST_PHOTO_WORKER_PRIORITY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export async function waitHealthy(port: number, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

/** For afterEach: no test leaves a server running. */
export function killServers(): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  children.length = 0;
}
