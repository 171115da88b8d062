import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@bilmarknaden/db/testing';
import { loadIdentityKeys } from '../src/keys.ts';
import { api, buildIdentity, newUser, openTestDatabase, type TestIdentity, withSlowCommits } from './helpers.ts';

const TOO_MANY = 'För många inloggningsförsök. Försök igen om en stund.';
let clock = Date.now();
let database: TestDatabase;
let t: TestIdentity;
let replica: TestIdentity;

beforeAll(async () => {
  database = await openTestDatabase();
  const keys = await loadIdentityKeys({});
  const options = { keys, now: () => new Date(clock), loginRateLimit: { perAccount: 12 } };
  t = await buildIdentity(options, {}, database);
  // A second process on the same database: the counters are shared.
  replica = await buildIdentity(options, {}, database);
});
afterAll(async () => {
  await t.close();
  await replica.close();
  await database.dispose();
});
beforeEach(() => {
  clock += 60 * 60 * 1000; // every test starts after the windows of the previous one
});

async function registered() {
  const user = newUser();
  expect((await t.app.inject({ method: 'POST', url: api('/user'), payload: user })).statusCode).toBe(200);
  return user;
}

const login = (email: string, password: string, remoteAddress = '10.1.1.1', app = t.app) =>
  app.inject({ method: 'POST', url: api('/user/login'), payload: { email, password }, remoteAddress });

const failTimes = async (n: number, email: string, address: string) => {
  for (let i = 0; i < n; i++) {
    const res = await login(email, 'fel-lösenord', address);
    expect([401, 404]).toContain(res.statusCode);
  }
};

describe('login rate limit', () => {
  it('the 6th attempt of an account from one address answers 429 with Retry-After, even with the right password', async () => {
    const user = await registered();
    await failTimes(5, user.email, '10.1.1.1');
    const res = await login(user.email, user.password, '10.1.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: TOO_MANY });
    expect(Number(res.headers['retry-after'])).toBe(900);
  });

  it('another user from the same address and the same user from another address are not locked out', async () => {
    const user = await registered();
    const other = await registered();
    await failTimes(5, user.email, '10.1.1.2');
    expect((await login(user.email, user.password, '10.1.1.2')).statusCode).toBe(429);
    expect((await login(other.email, other.password, '10.1.1.2')).statusCode).toBe(200);
    expect((await login(user.email, user.password, '10.9.9.9')).statusCode).toBe(200);
  });

  it('the window slides: Retry-After counts down and the account opens when it passes', async () => {
    const user = await registered();
    for (let i = 0; i < 5; i++) {
      await failTimes(1, user.email, '10.1.1.3');
      clock += 60_000;
    }
    const res = await login(user.email, user.password, '10.1.1.3');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBe(900 - 300);
    clock += 600 * 1000;
    expect((await login(user.email, user.password, '10.1.1.3')).statusCode).toBe(200);
  });

  it('a successful login clears the counter of that account and address', async () => {
    const user = await registered();
    await failTimes(4, user.email, '10.1.1.4');
    expect((await login(user.email, user.password, '10.1.1.4')).statusCode).toBe(200);
    await failTimes(4, user.email, '10.1.1.4');
    expect((await login(user.email, 'fel-lösenord', '10.1.1.4')).statusCode).toBe(401);
    expect((await login(user.email, user.password, '10.1.1.4')).statusCode).toBe(429);
  });

  it('one address guessing many accounts is stopped after 20 failures; other addresses are not', async () => {
    const user = await registered();
    for (let i = 0; i < 20; i++) {
      expect((await login(`okand${i}@exempel.se`, 'fel-lösenord', '10.1.1.5')).statusCode).toBe(404);
    }
    const res = await login(user.email, user.password, '10.1.1.5');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await login(user.email, user.password, '10.1.1.6')).statusCode).toBe(200);
  });

  it('beyond its ceiling an account gives each address one try: the guessers wait, the owner gets in', async () => {
    const user = await registered();
    for (const address of ['10.2.0.1', '10.2.0.2', '10.2.0.3']) await failTimes(4, user.email, address);
    // An address that has failed on the account waits, with the right password too ...
    const refused = await login(user.email, user.password, '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY });
    expect(Number(refused.headers['retry-after'])).toBe(900);
    // ... a new address has one try, then waits ...
    await failTimes(1, user.email, '10.2.0.4');
    expect((await login(user.email, user.password, '10.2.0.4')).statusCode).toBe(429);
    // ... and the owner, from an address without failures, gets in.
    expect((await login(user.email, user.password, '10.2.0.5')).statusCode).toBe(200);
  });

  it('an IPv6 network counts as one address: new addresses in a /64 get no new tries', async () => {
    const user = await registered();
    for (let i = 1; i <= 3; i++) await failTimes(4, user.email, `10.3.0.${i}`);
    await failTimes(1, user.email, '2001:db8:7:7::1');
    const res = await login(user.email, user.password, '2001:db8:7:7:ffff::2');
    expect(res.statusCode).toBe(429);
    expect((await login(user.email, user.password, '2001:db8:7:8::1')).statusCode).toBe(200);
  });

  it('an IPv6 /64 shares the per-address limit, written in any form', async () => {
    const user = await registered();
    const forms = ['2001:db8:9:9::1', '2001:DB8:9:9:0::2', '2001:0db8:0009:0009:1:2:3:4', '2001:db8:9:9::5'];
    for (let i = 0; i < 20; i++) {
      expect((await login(`okand-v6-${i}@exempel.se`, 'fel-lösenord', forms[i % 4])).statusCode).toBe(404);
    }
    expect((await login(user.email, user.password, '2001:db8:9:9:abcd::6')).statusCode).toBe(429);
    expect((await login(user.email, user.password, '2001:db8:9:a::1')).statusCode).toBe(200);
  });

  it('replicas share the counters through the database', async () => {
    const user = await registered();
    await failTimes(5, user.email, '10.1.1.7');
    const res = await login(user.email, user.password, '10.1.1.7', replica.app);
    expect(res.statusCode).toBe(429);
  });

  it('parallel guesses cannot slip past the limit', async () => {
    const user = await registered();
    const results = await Promise.all(Array.from({ length: 12 }, () => login(user.email, 'fel-lösenord', '10.1.1.10')));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it('parallel guesses stop exactly at the limit when attempts are slow to commit', async () => {
    const user = await registered();
    const results = await withSlowCommits(t.db, 'identity.login_attempts', () =>
      Promise.all(Array.from({ length: 12 }, () => login(user.email, 'fel-lösenord', '10.1.1.13'))),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
  });

  it('refused attempts do not extend the lockout', async () => {
    const user = await registered();
    await failTimes(5, user.email, '10.1.1.11');
    for (let i = 0; i < 5; i++) {
      clock += 60_000;
      expect((await login(user.email, 'fel-lösenord', '10.1.1.11')).statusCode).toBe(429);
    }
    clock += 600_000;
    expect((await login(user.email, user.password, '10.1.1.11')).statusCode).toBe(200);
  });

  it('validation errors are not counted as failures', async () => {
    const user = await registered();
    for (let i = 0; i < 10; i++) expect((await login(user.email, 'kort', '10.1.1.8')).statusCode).toBe(400);
    expect((await login(user.email, user.password, '10.1.1.8')).statusCode).toBe(200);
  });

  it('expired failures are removed from the table', async () => {
    const user = await registered();
    await failTimes(3, user.email, '10.1.1.9');
    clock += 16 * 60 * 1000;
    await failTimes(1, user.email, '10.1.1.9');
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM identity.login_attempts WHERE address = $1',
      ['10.1.1.9'],
    );
    expect(rows[0]!.n).toBe(1);
  });
});
