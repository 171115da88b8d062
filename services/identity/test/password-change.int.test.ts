import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_MESSAGES } from '@bilmarknaden/shared/validation/password-change';
import { api, buildIdentity, newUser, type TestIdentity } from './helpers.ts';

let clock = Date.now();
let t: TestIdentity;

beforeAll(async () => {
  t = await buildIdentity({ now: () => new Date(clock) });
});
afterAll(() => t.close());
beforeEach(() => {
  clock += 60 * 60 * 1000; // each test starts after the login limit's window of the one before
});

async function registered() {
  const user = newUser();
  const res = await t.app.inject({ method: 'POST', url: api('/user'), payload: user });
  expect(res.statusCode).toBe(200);
  return { ...user, token: res.body };
}

const change = (token: string | null, payload: Record<string, unknown>, remoteAddress = '10.2.0.1') =>
  t.app.inject({
    method: 'PUT',
    url: api('/user/password'),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
    remoteAddress,
  });
const login = (email: string, password: string, remoteAddress = '10.2.0.9') =>
  t.app.inject({ method: 'POST', url: api('/user/login'), payload: { email, password }, remoteAddress });
const currentUser = (token: string) =>
  t.app.inject({ method: 'GET', url: api('/user'), headers: { authorization: `Bearer ${token}` } });
const refresh = (token: string) =>
  t.app.inject({ method: 'GET', url: api('/user/refresh'), headers: { authorization: `Bearer ${token}` } });

describe('PUT /user/password', () => {
  it('sets the new password and answers a new token; the old password and the tokens before it stop working', async () => {
    const user = await registered();
    clock += 5_000;
    const res = await change(user.token, { currentPassword: user.password, password: 'ett helt nytt lösen' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    const token = res.body;

    expect((await currentUser(token)).json()).toMatchObject({ username: user.username });
    expect((await refresh(token)).statusCode).toBe(200);
    expect((await currentUser(user.token)).statusCode).toBe(401);
    expect((await refresh(user.token)).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'ett helt nytt lösen')).statusCode).toBe(200);
  });

  it('keeps every token when the current password is wrong: 403 on the current password field, nothing changed', async () => {
    const user = await registered();
    const res = await change(user.token, { currentPassword: 'inte mitt lösen', password: 'ett helt nytt lösen' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Felaktigt lösenord', field: 'currentPassword' });
    expect((await currentUser(user.token)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await login(user.email, 'ett helt nytt lösen')).statusCode).toBe(401);
  });

  it.each([
    [{ password: 'ett helt nytt lösen' }, 'currentPassword', 'Ange ditt nuvarande lösenord'],
    [{ currentPassword: 'x', password: 'kort' }, 'password', 'För kort lösenord'],
    [{ currentPassword: 'x', password: 'l'.repeat(51) }, 'password', 'För långt lösenord'],
    [
      { currentPassword: 'samma lösenord', password: 'samma lösenord' },
      'password',
      'Det nya lösenordet måste skilja sig från det nuvarande',
    ],
    // The last failing rule is the one answered, as in the form.
    [{ currentPassword: '', password: '' }, 'password', 'För kort lösenord'],
  ])('refuses %j with 400 and the rule message, changing nothing', async (body, field, message) => {
    const user = await registered();
    const res = await change(user.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ field, message });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('counts a 50-character password as allowed and compares passwords as NFC', async () => {
    const decomposed = 'a\u030Aterbruk-lösenord'; // 'å' typed as a + ring
    const user = await registered();
    const first = await change(user.token, { currentPassword: user.password, password: decomposed });
    expect(first.statusCode).toBe(200);
    const second = await change(first.body, { currentPassword: 'återbruk-lösenord', password: 'p'.repeat(50) });
    expect(second.statusCode).toBe(200);
    expect((await login(user.email, 'p'.repeat(50))).statusCode).toBe(200);
  });

  it('answers 401 without a valid token', async () => {
    const user = await registered();
    for (const token of [null, 'inte.en.token', `${user.token}x`]) {
      const res = await change(token, { currentPassword: user.password, password: 'ett helt nytt lösen' });
      expect(res.statusCode, String(token)).toBe(401);
    }
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('counts wrong current passwords with failed logins: the 6th try from one address is refused, even when right', async () => {
    const user = await registered();
    for (let i = 0; i < 3; i++) {
      expect(
        (await change(user.token, { currentPassword: 'gissning', password: 'ett helt nytt lösen' })).statusCode,
      ).toBe(403);
    }
    for (let i = 0; i < 2; i++) expect((await login(user.email, 'gissning', '10.2.0.1')).statusCode).toBe(401);
    const res = await change(user.token, { currentPassword: user.password, password: 'ett helt nytt lösen' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: PASSWORD_CHANGE_MESSAGES.tooMany });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.email, user.password, '10.2.0.1')).statusCode).toBe(429);
    // Another address is not locked out, and the password was not changed.
    expect((await login(user.email, user.password, '10.2.0.2')).statusCode).toBe(200);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: api('/docs/json') })).json();
    expect(doc.paths['/api/identity/user/password'].put.responses).toHaveProperty('403');
  });
});
