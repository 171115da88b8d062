import { afterEach, describe, expect, it } from 'vitest';
import { fakeWebDist, migratedDataDir, tempDir } from './helpers.ts';
import { freePort, killServers, startServer as start, waitHealthy } from './server-process.ts';

// The real process: the folder lock, data surviving a restart, graceful shutdown.
afterEach(killServers);

describe('server process', () => {
  it('refuses a second process on the same DATA_DIR, keeps data across restarts and stops on SIGTERM', async () => {
    const dataDir = migratedDataDir();
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

  it('logs one line per request: the API reads of a page are left out, a client cannot hide a request', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), LOG_LEVEL: 'info' });
    await waitHealthy(port);
    const base = `http://127.0.0.1:${port}`;
    const home = await fetch(`${base}/`);
    expect(await home.text()).toContain('id="page-data"');
    // The page read its list and makes through the API; a client sending the same header is still logged.
    const forged = await fetch(`${base}/api/inventory/001/2003`, {
      headers: { 'x-bilmarknaden-page-read': 'gissning' },
    });
    expect(forged.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const requestLines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; url?: string })
      .filter((entry) => entry.msg === 'request' && entry.url !== '/healthz');
    expect(requestLines.map((entry) => entry.url)).toEqual(['/', '/api/inventory/001/2003']);
    // Among them one plain line for the person who started it.
    expect(server.output()).toContain(`Bilmarknaden körs på http://127.0.0.1:${port}\n`);
  }, 120_000);

  it('lists every wrong setting and exits non-zero', async () => {
    const bad = start({ PORT: 'abc', SEED_DEMO: 'kanske', DATA_DIR: tempDir() });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/PORT must be/);
    expect(bad.output()).toMatch(/SEED_DEMO must be/);
  }, 60_000);
});
