import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@bilmarknaden/db/testing';
import { loadIdentityKeys } from '../src/keys.ts';
import type { PasswordHasher } from '../src/services/password-hasher.ts';
import { DEFAULT_REGISTRATION_RATE_LIMIT } from '../src/services/registration-service.ts';
import {
  api,
  buildIdentity,
  fastHasher,
  newUser,
  openTestDatabase,
  type TestIdentity,
  withSlowCommits,
} from './helpers.ts';

const TOO_MANY = 'För många nya konton från den här adressen. Försök igen om en stund.';
const HOUR = 60 * 60 * 1000;
let clock = Date.now();
let hashes = 0;
let database: TestDatabase;
let t: TestIdentity;
let replica: TestIdentity;

// Counts the argon2 hashes: a limited request must not run one.
const countingHasher: PasswordHasher = {
  ...fastHasher,
  hash(plain) {
    hashes += 1;
    return fastHasher.hash(plain);
  },
};

beforeAll(async () => {
  database = await openTestDatabase();
  const keys = await loadIdentityKeys({});
  // registrationRateLimit {}: the production default (the helpers' default is a limit never reached).
  const options = { keys, now: () => new Date(clock), passwordHasher: countingHasher, registrationRateLimit: {} };
  t = await buildIdentity(options, {}, database);
  // A second process on the same database: the counter is shared.
  replica = await buildIdentity(options, {}, database);
});
afterAll(async () => {
  await t.close();
  await replica.close();
  await database.dispose();
});
beforeEach(() => {
  clock += 2 * HOUR; // every test starts after the window of the previous one
});

const register = (payload: object, remoteAddress: string, app = t.app) =>
  app.inject({ method: 'POST', url: api('/user'), payload, remoteAddress });

const registerTimes = async (n: number, address: string) => {
  for (let i = 0; i < n; i++) {
    const res = await register(newUser(), address);
    expect(res.statusCode, res.body).toBe(200);
  }
};

const attemptsOf = async (address: string) => {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM limits.events WHERE key = $1', [
    `registration:${address}`,
  ]);
  return rows[0]!.n;
};

const userExists = async (username: string) => {
  const { rows } = await t.db.query('SELECT 1 FROM identity.users WHERE username = $1', [username]);
  return rows.length > 0;
};

describe('registration rate limit', () => {
  it('is 10 registrations per address in an hour by default', () => {
    expect(DEFAULT_REGISTRATION_RATE_LIMIT).toEqual({ windowSeconds: 3600, perAddress: 10 });
  });

  it('the 11th registration from one address within the hour answers 429 with Retry-After; no account is made', async () => {
    await registerTimes(10, '10.3.0.1');
    const user = newUser();
    const res = await register(user, '10.3.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: TOO_MANY });
    expect(Number(res.headers['retry-after'])).toBe(3600);
    expect(await userExists(user.username)).toBe(false);
  });

  it('another address is not affected', async () => {
    await registerTimes(10, '10.3.0.2');
    expect((await register(newUser(), '10.3.0.2')).statusCode).toBe(429);
    expect((await register(newUser(), '10.3.0.3')).statusCode).toBe(200);
  });

  it('the window slides: Retry-After counts down to the oldest attempt leaving it, then registration works', async () => {
    for (let i = 0; i < 10; i++) {
      await registerTimes(1, '10.3.0.4');
      clock += 60_000;
    }
    const res = await register(newUser(), '10.3.0.4');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBe(3600 - 600);
    clock += (3000 - 1) * 1000;
    const last = await register(newUser(), '10.3.0.4');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBe(1);
    clock += 1000;
    expect((await register(newUser(), '10.3.0.4')).statusCode).toBe(200);
    // Nine earlier attempts and this one are in the window again: the next waits for the second oldest.
    const next = await register(newUser(), '10.3.0.4');
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBe(60);
  });

  it('refused attempts do not count: a client that waits out the window registers again', async () => {
    await registerTimes(10, '10.3.0.5');
    clock += HOUR / 2;
    for (let i = 0; i < 10; i++) expect((await register(newUser(), '10.3.0.5')).statusCode).toBe(429);
    expect(await attemptsOf('10.3.0.5')).toBe(10);
    clock += HOUR / 2 + 1000;
    expect((await register(newUser(), '10.3.0.5')).statusCode).toBe(200);
  });

  it('invalid bodies (400) do not count', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await register(newUser({ password: 'kort' }), '10.3.0.6')).statusCode).toBe(400);
    }
    expect((await register({}, '10.3.0.6')).statusCode).toBe(400);
    expect(await attemptsOf('10.3.0.6')).toBe(0);
    await registerTimes(10, '10.3.0.6');
    expect((await register(newUser(), '10.3.0.6')).statusCode).toBe(429);
  });

  it('a taken email or username (409) counts: every attempt past validation may cost a hash', async () => {
    const first = newUser();
    expect((await register(first, '10.3.0.7')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) {
      const clash = i % 2 === 0 ? { email: first.email } : { username: first.username };
      expect((await register(newUser(clash), '10.3.0.7')).statusCode).toBe(409);
    }
    expect(await attemptsOf('10.3.0.7')).toBe(10);
    expect((await register(newUser(), '10.3.0.7')).statusCode).toBe(429);
    // Limited before the taken check: the address cannot go on probing which emails are registered.
    const probe = await register(newUser({ email: first.email }), '10.3.0.7');
    expect(probe.statusCode).toBe(429);
    expect(probe.json()).toEqual({ message: TOO_MANY });
  });

  it('a limited request does not run the password hasher', async () => {
    const before = hashes;
    await registerTimes(10, '10.3.0.8');
    expect(hashes - before).toBe(10);
    for (let i = 0; i < 3; i++) expect((await register(newUser(), '10.3.0.8')).statusCode).toBe(429);
    expect(hashes - before).toBe(10);
  });

  it('parallel registrations cannot slip past the limit', async () => {
    const before = hashes;
    const results = await Promise.all(Array.from({ length: 15 }, () => register(newUser(), '10.3.0.9')));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
    expect(hashes - before).toBe(10);
    expect(await attemptsOf('10.3.0.9')).toBe(10);
  });

  it('parallel registrations stop exactly at the limit when attempts are slow to commit', async () => {
    const before = hashes;
    const results = await withSlowCommits(t.db, 'limits.events', () =>
      Promise.all(Array.from({ length: 15 }, () => register(newUser(), '10.3.0.12'))),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(5);
    expect(hashes - before).toBe(10);
    expect(await attemptsOf('10.3.0.12')).toBe(10);
  });

  it('replicas share the counter through the database', async () => {
    await registerTimes(10, '10.3.0.10');
    const res = await register(newUser(), '10.3.0.10', replica.app);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: TOO_MANY });
  });

  it('expired attempts are removed from the table', async () => {
    await registerTimes(3, '10.3.0.11');
    clock += HOUR + 1000;
    await registerTimes(1, '10.3.0.11');
    expect(await attemptsOf('10.3.0.11')).toBe(1);
  });

  it('a configured limit and window are used', async () => {
    const strict = await buildIdentity(
      { now: () => new Date(clock), registrationRateLimit: { perAddress: 2, windowSeconds: 600 } },
      {},
      database,
    );
    try {
      for (let i = 0; i < 2; i++) {
        expect((await register(newUser(), '10.3.0.12', strict.app)).statusCode).toBe(200);
      }
      const res = await register(newUser(), '10.3.0.12', strict.app);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBe(600);
    } finally {
      await strict.close();
    }
  });
});
