// The real process over loopback: it refuses to start in production without a proper signing key, and
// hundreds of slow clients (a byte a second) are cut off by the headers and request timeouts while normal
// requests keep being answered.
import { generateKeyPairSync } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, killServers, startServer as start, waitHealthy } from '../server-process.ts';

afterEach(killServers);

describe('production refuses to start without a proper signing key', () => {
  it('missing, not PEM, RSA instead of Ed25519, or unreadable: exit 1 with a message, never listening', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    const cases: Record<string, { env: Record<string, string>; message: RegExp }> = {
      missing: { env: {}, message: /JWT_PRIVATE_KEY is required when NODE_ENV=production/ },
      'a password instead of a key': {
        env: { JWT_PRIVATE_KEY: 'hemligt' },
        message: /Ed25519 private key in PKCS#8 PEM/,
      },
      'a weak RSA key': { env: { JWT_PRIVATE_KEY: rsa.toString() }, message: /must be an Ed25519 key, not rsa/ },
      'a damaged PEM': {
        env: { JWT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' },
        message: /not a readable PKCS#8 PEM private key/,
      },
    };
    const runs = await Promise.all(
      Object.entries(cases).map(async ([what, c]) => {
        const port = await freePort();
        const p = start({ NODE_ENV: 'production', PORT: String(port), ...c.env });
        return { what, c, p, port, code: await p.exited };
      }),
    );
    for (const { what, c, p, port, code } of runs) {
      expect(code, what).toBe(1);
      expect(p.output(), what).toMatch(c.message);
      expect(p.output(), what).not.toContain('hemligt');
      await expect(fetch(`http://127.0.0.1:${port}/healthz`), what).rejects.toThrow();
    }
  }, 150_000);
});

describe('slow clients', () => {
  it('hundreds of sockets sending a byte a second are cut off; normal requests keep succeeding', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), HEADERS_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '4000' });
    await waitHealthy(port);

    const SLOW_HEADERS = 250;
    const SLOW_BODIES = 50;
    const opened = Date.now();
    const closedAfter: number[] = [];
    const sockets: Socket[] = [];
    const timers: NodeJS.Timeout[] = [];
    const slow = (first: string, drip: () => string) =>
      new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        sockets.push(socket);
        socket.on('error', () => undefined);
        socket.on('data', () => undefined);
        socket.on('close', () => {
          closedAfter.push(Date.now() - opened);
          resolve();
        });
        socket.on('connect', () => {
          socket.write(first);
          const timer = setInterval(() => {
            if (!socket.destroyed) socket.write(drip());
          }, 1000);
          timers.push(timer);
        });
      });
    const all = [
      // Slowloris: headers that never end.
      ...Array.from({ length: SLOW_HEADERS }, () =>
        slow('GET /api/inventory/002/2001 HTTP/1.1\r\nHost: x\r\n', () => 'X'),
      ),
      // Slow body: complete headers, then one byte a second of a large body.
      ...Array.from({ length: SLOW_BODIES }, () =>
        slow(
          'POST /api/identity/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{',
          () => ' ',
        ),
      ),
    ];

    // Normal requests all along, until every slow socket is gone or 25 s pass.
    const normal: number[] = [];
    const deadline = Date.now() + 25_000;
    let done = false;
    void Promise.all(all).then(() => (done = true));
    while (!done && Date.now() < deadline) {
      const res = await fetch(`http://127.0.0.1:${port}/api/inventory/002/2001`).catch(() => null);
      normal.push(res?.status ?? 0);
      await res?.arrayBuffer();
      await new Promise((r) => setTimeout(r, 250));
    }
    for (const t of timers) clearInterval(t);
    const stillOpen = sockets.filter((s) => !s.destroyed).length;
    for (const s of sockets) s.destroy();

    expect(stillOpen).toBe(0);
    expect(closedAfter).toHaveLength(SLOW_HEADERS + SLOW_BODIES);
    // Cut off by the timeouts (2 s and 4 s, checked every 500 ms), not by anything sooner.
    expect(Math.min(...closedAfter)).toBeGreaterThanOrEqual(1500);
    expect(Math.max(...closedAfter)).toBeLessThan(15_000);
    expect(normal.length).toBeGreaterThan(5);
    expect(normal.every((s) => s === 200)).toBe(true);
    console.log(
      `slow clients: ${closedAfter.length} cut off after ${Math.min(...closedAfter)}–${Math.max(...closedAfter)} ms; ` +
        `${normal.length} normal requests all answered 200`,
    );
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 150_000);
});
