import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { api, buildIdentity, newUser, type TestIdentity } from './helpers.ts';

let t: TestIdentity;
const user = newUser({ password: 'rätt-lösenord-1' });
beforeAll(async () => {
  t = await buildIdentity();
  expect((await t.app.inject({ method: 'POST', url: api('/user'), payload: user })).statusCode).toBe(200);
});
afterAll(() => t.close());

const login = (payload: unknown, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: api('/user/login'), payload: payload as object, remoteAddress });

describe('POST /user/login', () => {
  it('answers 200 with the token as plain text', async () => {
    const res = await login({ email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(decodeJwt(res.body)).toMatchObject({ sub: user.username, role: 1 });
  });

  it('finds the account whatever the case and surrounding spaces of the email', async () => {
    const res = await login({ email: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(res.statusCode).toBe(200);
  });

  it('logs in an account whose email the registration would now refuse (the login keeps the spec rule)', async () => {
    const old = newUser();
    expect((await t.app.inject({ method: 'POST', url: api('/user'), payload: old })).statusCode).toBe(200);
    // An account made before registration checked addresses strictly.
    await t.db.query('UPDATE identity.users SET email = $1 WHERE username = $2', ['a@.se', old.username]);
    const res = await login({ email: 'a@.se', password: old.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeJwt(res.body).sub).toBe(old.username);
  });

  it('answers 401 for a wrong password', async () => {
    const res = await login({ email: user.email, password: 'fel-lösenord' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Felaktigt lösenord', field: 'password' });
  });

  it('the password is case-sensitive and not trimmed', async () => {
    expect((await login({ email: user.email, password: user.password.toUpperCase() })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: ` ${user.password}` })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown email', async () => {
    const res = await login({ email: 'ingen@exempel.se', password: 'vad-som-helst' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Användaren kunde inte hittas', field: 'email' });
  });

  it.each([
    [{ email: 'a@b', password: 'långt-nog-1' }, 'email', 'Ange en giltig mailadress'],
    [{ email: 'anna.exempel.se', password: 'långt-nog-1' }, 'email', 'Ange en giltig mailadress'],
    [{ email: 'anna@exempel.se', password: '1234567' }, 'password', 'Lösenord måste vara minst 8 tecken'],
    [{ email: 'anna@exempel.se', password: 'x'.repeat(51) }, 'password', 'Lösenord måste vara minst 8 tecken'],
    [{ email: 'x', password: '' }, 'password', 'Lösenord måste vara minst 8 tecken'],
    [{}, 'password', 'Lösenord måste vara minst 8 tecken'],
  ])('answers 400 for %j', async (body, field, message) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field });
  });

  it('a body over the limit answers 413, malformed JSON 400', async () => {
    const big = await login({ email: user.email, password: 'x'.repeat(10_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Förfrågan är för stor');
    const bad = await t.app.inject({
      method: 'POST',
      url: api('/user/login'),
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    const proto = await t.app.inject({
      method: 'POST',
      url: api('/user/login'),
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1},"email":"a@b.se","password":"12345678"}',
    });
    expect(proto.statusCode).toBe(400);
  });

  it('Unicode passwords of 50 characters log in, composed or decomposed', async () => {
    const password = 'å'.repeat(20) + '😀'.repeat(20) + 'Ω'.repeat(10);
    const other = newUser({ password });
    expect((await t.app.inject({ method: 'POST', url: api('/user'), payload: other })).statusCode).toBe(200);
    expect((await login({ email: other.email, password })).statusCode).toBe(200);
    expect((await login({ email: other.email, password: password.normalize('NFD') })).statusCode).toBe(200);
    expect((await login({ email: other.email, password: password.replace('😀', '😁') })).statusCode).toBe(401);
  });
});
