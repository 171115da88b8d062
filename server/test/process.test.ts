import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { tempDir, fakeWebDist } from './helpers.ts';

// The real process: the folder lock, data surviving a restart, graceful shutdown.
const root = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, timeoutMs = 40_000): Promise<void> {
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

afterEach(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  children.length = 0;
});

describe('server process', () => {
  it('refuses a second process on the same DATA_DIR, keeps data across restarts and stops on SIGTERM', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, WEB_DIST: fakeWebDist() };
    const port = await freePort();
    const first = start({ ...env, PORT: String(port) });
    await waitHealthy(port);

    const second = start({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/in use by another process/);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    const register = await fetch(`http://127.0.0.1:${port}/api/identity/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'kvarstar',
        firstname: 'Kim',
        lastname: 'Karlsson',
        email: 'kim@example.se',
        password: 'hemligt123',
        street: 'Storgatan',
        housenumber: '1',
        zipcode: '11122',
        countryCode: '46',
        phone: '0701234567',
        city: 'Stockholm',
      }),
    });
    expect(register.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const port2 = await freePort();
    const again = start({ ...env, PORT: String(port2) });
    await waitHealthy(port2);
    const login = await fetch(`http://127.0.0.1:${port2}/api/identity/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kim@example.se', password: 'hemligt123' }),
    });
    expect(login.status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('lists every wrong setting and exits non-zero', async () => {
    const bad = start({ PORT: 'abc', SEED_DEMO: 'kanske', DATA_DIR: tempDir() });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/PORT must be/);
    expect(bad.output()).toMatch(/SEED_DEMO must be/);
  }, 60_000);
});
