// Login brute force through the default process: the per-account and per-address limits hold even when
// the client writes its own X-Forwarded-For, and an unknown email costs the same CPU time as a wrong password.
// The registration limit (REGISTRATION_RATE_LIMIT) and the password-reset limits hold against X-Forwarded-For too.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_LIMITS, PASSWORD_RESET_MESSAGES } from '@bilmarknaden/shared/validation/password-reset';
import { REGISTRATION_MESSAGES } from '@bilmarknaden/shared/validation/registration';
import { buildSecureApp, registerUser, registration, type SecureApp, type TestUser } from './security-helpers.ts';

const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
let t: SecureApp;
let victim: TestUser;
// Low enough to reach quickly, above the three users the other tests register from 127.0.0.1.
const REGISTRATIONS = 5;

beforeAll(async () => {
  // Production mode: the proxy settings of a real deployment (TRUST_PROXY's default, the private ranges).
  t = await buildSecureApp({
    NODE_ENV: 'production',
    JWT_PRIVATE_KEY: pem,
    REGISTRATION_RATE_LIMIT: String(REGISTRATIONS),
  });
  victim = await registerUser(t.app, 'offer');
}, 60_000);
afterAll(() => t?.close());

let n = 0;
const randomAddress = () => {
  n += 1;
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
};
const login = (email: string, password: string, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/user/login',
    payload: { email, password },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('login limits cannot be dodged with X-Forwarded-For', () => {
  it('a client on the internet that invents a new X-Forwarded-For each time is still one address', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await login(victim.email, 'Fel-lösenord-1', '203.0.113.9', randomAddress());
      expect(res.statusCode).toBe(401);
    }
    const res = await login(victim.email, victim.password, '203.0.113.9', randomAddress());
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('one address guessing many accounts is stopped after 20 failures whatever it forwards', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await login(`okand${i}@exempel.se`, 'Fel-lösenord-1', '203.0.113.10', randomAddress());
      expect(res.statusCode).toBe(404);
    }
    expect((await login(`okand-x@exempel.se`, 'Fel-lösenord-1', '203.0.113.10', randomAddress())).statusCode).toBe(429);
  });

  it('behind a proxy on a private network, each client is counted by the address the proxy saw', async () => {
    const user = await registerUser(t.app, 'proxat');
    const proxy = '10.0.0.5';
    for (let i = 0; i < 5; i++) {
      expect((await login(user.email, 'Fel-lösenord-1', proxy, '198.51.100.1')).statusCode).toBe(401);
    }
    // The same client, prepending a made-up address before the one the proxy appended: still locked.
    expect((await login(user.email, user.password, proxy, '192.0.2.77, 198.51.100.1')).statusCode).toBe(429);
    // Another client behind the same proxy is not locked out.
    expect((await login(user.email, user.password, proxy, '198.51.100.2')).statusCode).toBe(200);
  });
});

describe('unknown email and wrong password take about the same time', () => {
  // CPU time, not wall time: the answer's timing hint is the work done (argon2 dominates it), and CPU time does
  // not grow when the machine is busy with other steps of the suite (wall-time medians were 4× apart then).
  it('CPU medians within 0.5×–2× of each other (the unknown path verifies a dummy argon2 hash)', async () => {
    const user = await registerUser(t.app, 'tidtagen');
    const time = async (email: string) => {
      const started = process.cpuUsage();
      const res = await login(email, 'Fel-lösenord-1', randomAddress());
      const used = process.cpuUsage(started);
      expect([401, 404]).toContain(res.statusCode);
      return (used.user + used.system) / 1000;
    };
    await time('okand-forst@exempel.se'); // the dummy hash is made on first use
    await time(user.email);
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 9; i++) {
      unknown.push(await time(`okand-tid${i}@exempel.se`));
      wrong.push(await time(user.email));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(wrong);
    console.log(
      `login CPU time: unknown median ${median(unknown).toFixed(1)} ms, wrong password ${median(wrong).toFixed(1)} ms`,
    );
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  }, 60_000);
});

describe('the registration limit cannot be dodged with X-Forwarded-For', () => {
  const register = (remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/identity/user',
      payload: registration('ny'),
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('a client on the internet that invents a new X-Forwarded-For each time is still one address', async () => {
    for (let i = 0; i < REGISTRATIONS; i++) {
      const res = await register('203.0.113.20', randomAddress());
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await register('203.0.113.20', randomAddress());
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(res.json()).toEqual({ message: REGISTRATION_MESSAGES.tooMany });
    expect((await register('203.0.113.21')).statusCode).toBe(200);
  }, 60_000);
});

describe('the password-reset limits cannot be dodged with X-Forwarded-For', () => {
  const ask = (email: string, remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/identity/user/password-reset',
      payload: { email },
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('a client that invents a new X-Forwarded-For each time is one address: 20 requests an hour', async () => {
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perAddressPerHour; i++) {
      const res = await ask(`okand-reset${i}@exempel.se`, '203.0.113.30', randomAddress());
      expect(res.statusCode).toBe(202);
    }
    const res = await ask('okand-reset-x@exempel.se', '203.0.113.30', randomAddress());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.tooMany });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await ask('okand-reset-x@exempel.se', '203.0.113.31')).statusCode).toBe(202);
  });

  it('an email is asked for at most 3 times an hour from all addresses together, account or not', async () => {
    for (const email of [victim.email, 'ingen-sadan@exempel.se']) {
      for (let i = 0; i < PASSWORD_RESET_LIMITS.perAccountPerHour; i++) {
        expect((await ask(email, randomAddress())).statusCode).toBe(202);
      }
      const res = await ask(email, randomAddress());
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    }
  });
});
