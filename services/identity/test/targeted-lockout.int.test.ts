// Issue 29, item 2: with the default limits, failed logins from many addresses must not lock the owner out, while
// guessing stays limited; password change and account closure share the limits (decision 036).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_CLOSURE_MESSAGES } from '@bilmarknaden/shared/validation/account-closure';
import { PASSWORD_CHANGE_MESSAGES } from '@bilmarknaden/shared/validation/password-change';
import { DEFAULT_LOGIN_RATE_LIMIT, TOO_MANY_LOGINS } from '../src/services/login-service.ts';
import { api, buildIdentity, newUser, type TestIdentity } from './helpers.ts';

let clock = Date.now();
let t: TestIdentity;

beforeAll(async () => {
  t = await buildIdentity({ now: () => new Date(clock) });
}, 120_000);
afterAll(() => t.close());
beforeEach(() => {
  clock += 60 * 60 * 1000; // each test starts after the windows of the one before
});

async function registered() {
  const user = newUser();
  const res = await t.app.inject({ method: 'POST', url: api('/user'), payload: user });
  expect(res.statusCode).toBe(200);
  return { ...user, token: res.body };
}

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: api('/user/login'), payload: { email, password }, remoteAddress });
const withToken = (method: 'PUT' | 'DELETE', path: string, token: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method, url: api(path), headers: { authorization: `Bearer ${token}` }, payload, remoteAddress });

/** The attack of the issue: 100 failed logins, 5 from each of 20 addresses, within a few minutes. */
async function attack(email: string, network: string): Promise<string[]> {
  const addresses = Array.from({ length: 20 }, (_, i) => `${network}.${i + 1}`);
  for (const address of addresses) {
    for (let i = 0; i < 5; i++) expect((await login(email, 'Fel-lösenord-1', address)).statusCode).toBe(401);
    clock += 5_000;
  }
  expect(DEFAULT_LOGIN_RATE_LIMIT.perAccount).toBe(100);
  return addresses;
}

describe('an account guessed from many addresses', { timeout: 60_000 }, () => {
  it('lets the owner in from a fresh address with the right password, while the guessers stay stopped', async () => {
    const owner = await registered();
    const used = await attack(owner.email, '198.51.100');

    expect((await login(owner.email, owner.password, '203.0.113.7')).statusCode).toBe(200);
    // Each guessing address is stopped, the right password changes nothing for it.
    for (const address of used) {
      const res = await login(owner.email, owner.password, address);
      expect(res.statusCode, address).toBe(429);
      expect(res.json()).toEqual({ message: TOO_MANY_LOGINS });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // A new guessing address gets one try beyond the account's ceiling, not five.
    expect((await login(owner.email, 'Fel-lösenord-2', '198.51.101.1')).statusCode).toBe(401);
    expect((await login(owner.email, 'Fel-lösenord-3', '198.51.101.1')).statusCode).toBe(429);
    // One address alone is still stopped after 5 failures on an account, 20 on all accounts.
    const other = await registered();
    for (let i = 0; i < 5; i++)
      expect((await login(other.email, 'Fel-lösenord-1', '198.51.102.1')).statusCode).toBe(401);
    expect((await login(other.email, other.password, '198.51.102.1')).statusCode).toBe(429);
  });

  it('lets the owner change the password and close the account; a thief with a token still gets one guess', async () => {
    const owner = await registered();
    await attack(owner.email, '198.51.103');

    // A stolen token at a new address: one wrong current password, then refused even when right.
    const change = (current: string, address: string) =>
      withToken(
        'PUT',
        '/user/password',
        owner.token,
        { currentPassword: current, password: 'ett helt nytt lösen' },
        address,
      );
    expect((await change('gissning-1', '198.51.104.1')).statusCode).toBe(403);
    const refused = await change(owner.password, '198.51.104.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: PASSWORD_CHANGE_MESSAGES.tooMany });
    const close = (password: string, address: string) =>
      withToken('DELETE', '/user', owner.token, { password }, address);
    expect((await close('gissning-2', '198.51.104.2')).statusCode).toBe(403);
    const closeRefused = await close(owner.password, '198.51.104.2');
    expect(closeRefused.statusCode).toBe(429);
    expect(closeRefused.json()).toEqual({ message: ACCOUNT_CLOSURE_MESSAGES.tooMany });

    // The owner, at home, changes the password and then closes the account.
    const changed = await change(owner.password, '203.0.113.8');
    expect(changed.statusCode).toBe(200);
    const closed = await withToken('DELETE', '/user', changed.body, { password: 'ett helt nytt lösen' }, '203.0.113.8');
    expect(closed.statusCode).toBe(204);
  });
});
