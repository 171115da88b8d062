import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_CLOSURE_MESSAGES } from '@bilmarknaden/shared/validation/account-closure';
import type { QueryResult } from '@bilmarknaden/db/database';
import { api, buildIdentity, newUser, type TestIdentity } from './helpers.ts';

let clock = Date.now();
let t: TestIdentity;
/** What each test's onAccountClosed does; the app is built once with a hook that calls it. */
let onClosed: (username: string) => void;
let announced: string[];
/** The database as the hook saw it: read when it was called, so after the commit or never. */
let seenByHook: Promise<QueryResult<{ users: number; closed: number }>>[];

beforeAll(async () => {
  t = await buildIdentity({ now: () => new Date(clock), onAccountClosed: (username) => onClosed(username) });
});
afterAll(() => t.close());
beforeEach(() => {
  clock += 60 * 60 * 1000; // each test starts after the login limit's window of the one before
  announced = [];
  seenByHook = [];
  onClosed = (username) => {
    announced.push(username);
    seenByHook.push(
      t.db.query(
        `SELECT (SELECT count(*) FROM identity.users WHERE username = $1) AS users,
                (SELECT count(*) FROM identity.closed_accounts WHERE username = $1) AS closed`,
        [username],
      ),
    );
  };
});

async function registered(overrides: Record<string, unknown> = {}) {
  const user = newUser(overrides);
  const res = await t.app.inject({ method: 'POST', url: api('/user'), payload: user });
  expect(res.statusCode).toBe(200);
  return { ...user, token: res.body };
}

const auth = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
const close = (token: string | null, payload: unknown, remoteAddress = '10.3.0.1') =>
  t.app.inject({
    method: 'DELETE',
    url: api('/user'),
    headers: auth(token),
    payload: payload as object,
    remoteAddress,
  });
const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: api('/user'), payload });
const login = (email: string, password: string, remoteAddress = '10.3.0.9') =>
  t.app.inject({ method: 'POST', url: api('/user/login'), payload: { email, password }, remoteAddress });
const get = (path: string, token?: string) =>
  t.app.inject({ method: 'GET', url: api(path), headers: auth(token ?? null) });

async function stored(username: string) {
  const users = await t.db.query('SELECT * FROM identity.users WHERE lower(username) = lower($1)', [username]);
  const closed = await t.db.query<{ username: string; closed_at: Date | string; erased_at: Date | string | null }>(
    'SELECT username, closed_at, erased_at FROM identity.closed_accounts WHERE lower(username) = lower($1)',
    [username],
  );
  return { users: users.rows, closed: closed.rows };
}

async function attemptsOf(email: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    'SELECT count(*) AS n FROM identity.login_attempts WHERE account = $1',
    [email.toLowerCase()],
  );
  return Number(rows[0]!.n);
}

/** The account is as it was: its row, its token, its password, and no closure recorded. */
async function expectIntact(user: Awaited<ReturnType<typeof registered>>) {
  expect((await stored(user.username)).users).toHaveLength(1);
  expect((await stored(user.username)).closed).toEqual([]);
  expect((await get('/user', user.token)).statusCode).toBe(200);
  expect(announced).toEqual([]);
}

describe('DELETE /user', () => {
  it('answers 204 without a body: the user row is gone, the closure recorded, the login attempts removed', async () => {
    const user = await registered({ email: 'Stora.Bokstaver@Exempel.se' });
    // A failed login of the account from elsewhere: its email is in identity.login_attempts.
    expect((await login(user.email, 'fel-lösenord', '10.3.9.9')).statusCode).toBe(401);
    expect(await attemptsOf(user.email)).toBe(1);

    const res = await close(user.token, { password: user.password });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['content-type']).toBeUndefined();

    const { users, closed } = await stored(user.username);
    expect(users).toEqual([]);
    expect(closed).toHaveLength(1);
    expect(closed[0]!.username).toBe(user.username);
    expect(new Date(closed[0]!.closed_at).getTime()).toBe(clock);
    expect(closed[0]!.erased_at).toBeNull();
    expect(await attemptsOf(user.email)).toBe(0);
    // Nothing of the account is left in identity.users, whatever the column.
    const leftovers = await t.db.query(
      'SELECT 1 FROM identity.users WHERE lower(email) = lower($1) OR phone = $2 OR lower(username) = lower($3)',
      [user.email, user.phone, user.username],
    );
    expect(leftovers.rows).toEqual([]);
  });

  it('calls onAccountClosed once with the username, after the commit', async () => {
    const user = await registered();
    expect((await close(user.token, { password: user.password })).statusCode).toBe(204);
    expect(announced).toEqual([user.username]);
    const [seen] = await Promise.all(seenByHook);
    expect(seen!.rows.map((r) => ({ users: Number(r.users), closed: Number(r.closed) }))).toEqual([
      { users: 0, closed: 1 },
    ]);
  });

  it('answers 204 even when onAccountClosed throws or its promise rejects', async () => {
    for (const hook of [
      () => {
        throw new Error('relay down');
      },
      () => Promise.reject(new Error('relay down')) as unknown as void,
    ]) {
      onClosed = hook;
      const user = await registered();
      expect((await close(user.token, { password: user.password })).statusCode).toBe(204);
      expect((await stored(user.username)).closed).toHaveLength(1);
    }
  });

  it('refuses the closed account’s old token at identity: GET /user, refresh, password change and DELETE answer 401', async () => {
    const user = await registered();
    expect((await close(user.token, { password: user.password })).statusCode).toBe(204);
    const invalid = { message: 'Din inloggning är ogiltig eller har gått ut. Logga in igen.' };
    for (const res of [
      await get('/user', user.token),
      await get('/user/refresh', user.token),
      await t.app.inject({
        method: 'PUT',
        url: api('/user/password'),
        headers: auth(user.token),
        payload: { currentPassword: user.password, password: 'ett helt nytt lösen' },
      }),
      await close(user.token, { password: user.password }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(invalid);
    }
    expect((await login(user.email, user.password)).statusCode).toBe(404);
    expect(announced).toEqual([user.username]);
  });

  it('answers the public profile of a closed name with 404, in any case', async () => {
    const user = await registered();
    expect((await get(`/user/username?username=${user.username}`)).statusCode).toBe(200);
    expect((await close(user.token, { password: user.password })).statusCode).toBe(204);
    for (const name of [user.username, user.username.toUpperCase()]) {
      const res = await get(`/user/username?username=${encodeURIComponent(name)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Användaren kunde inte hittas', field: 'username' });
    }
  });

  it('retires the username for good (in any case) with the taken answer, while the email may register again', async () => {
    const user = await registered({ username: `Retired${Date.now() % 100000}` });
    const live = await registered();
    const takenAnswer = await register(newUser({ username: live.username }));
    expect(takenAnswer.statusCode).toBe(409);
    expect((await close(user.token, { password: user.password })).statusCode).toBe(204);

    for (const username of [user.username, user.username.toLowerCase(), user.username.toUpperCase()]) {
      const res = await register(newUser({ username }));
      expect(res.statusCode, username).toBe(409);
      expect(res.json()).toEqual(takenAnswer.json());
      expect(res.json()).toEqual({ message: 'Användarnamnet är upptaget', field: 'username' });
    }
    // The same person's email address, and even the same details, with a new name.
    const again = await register(newUser({ ...user, username: `${user.username}x`, email: user.email.toUpperCase() }));
    expect(again.statusCode).toBe(200);
    expect((await get('/user', again.body)).json()).toMatchObject({ username: `${user.username}x` });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it.each([[{ password: '' }], [{}], [{ lösenord: 'hemligt-lösen-1' }]])(
    'refuses %j with 400 and the rule message, changing nothing',
    async (body) => {
      const user = await registered();
      const res = await close(user.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Ange ditt lösenord för att radera kontot', field: 'password' });
      await expectIntact(user);
    },
  );

  // A JSON body is taken as it is (issue 46): null is no text, not an empty one.
  it.each([[{ password: null }], [{ password: 12345678 }], [{ password: ['hemligt-lösen-1'] }]])(
    'refuses %j with 400 naming the password, changing nothing',
    async (body) => {
      const user = await registered();
      const res = await close(user.token, body);
      expect([res.statusCode, res.json().field]).toEqual([400, 'password']);
      await expectIntact(user);
    },
  );

  it('answers 400 with the rule message when no body is sent', async () => {
    const user = await registered();
    const res = await t.app.inject({ method: 'DELETE', url: api('/user'), headers: auth(user.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Ange ditt lösenord för att radera kontot', field: 'password' });
    await expectIntact(user);
  });

  it('answers 401 without a valid token, whatever the body, and closes nothing', async () => {
    const user = await registered();
    for (const token of [null, 'inte.en.token', `${user.token}x`]) {
      const res = await close(token, { password: user.password });
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    // The token is checked before the body is validated.
    for (const body of [{ password: '' }, {}, { password: ['x'] }]) {
      const res = await close(null, body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Du måste logga in' });
    }
    await expectIntact(user);
  });

  it('answers 403 on the password field for a wrong password and keeps the account', async () => {
    const user = await registered();
    const res = await close(user.token, { password: 'inte mitt lösen' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: ACCOUNT_CLOSURE_MESSAGES.wrongPassword, field: 'password' });
    await expectIntact(user);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('compares the password as NFC', async () => {
    const user = await registered({ password: 'återbruk-lösenord' });
    const res = await close(user.token, { password: 'a\u030Aterbruk-lo\u0308senord' });
    expect(res.statusCode).toBe(204);
    expect((await stored(user.username)).users).toEqual([]);
  });

  it('counts wrong passwords with failed logins: the 6th try from one address answers 429, even when right', async () => {
    const user = await registered();
    for (let i = 0; i < 3; i++) expect((await close(user.token, { password: 'gissning' })).statusCode).toBe(403);
    for (let i = 0; i < 2; i++) expect((await login(user.email, 'gissning', '10.3.0.1')).statusCode).toBe(401);
    const res = await close(user.token, { password: user.password });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: ACCOUNT_CLOSURE_MESSAGES.tooMany });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await expectIntact(user);
    // The wrong closures locked the login from that address too; another address still logs in.
    expect((await login(user.email, user.password, '10.3.0.1')).statusCode).toBe(429);
    expect((await login(user.email, user.password, '10.3.0.2')).statusCode).toBe(200);
    // From another address the account can still be closed, and its attempts go with it.
    expect((await close(user.token, { password: user.password }, '10.3.0.2')).statusCode).toBe(204);
    expect(await attemptsOf(user.email)).toBe(0);
  });

  it('answers 429 to an account limited by failed logins', async () => {
    const user = await registered();
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'gissning', '10.3.0.5')).statusCode).toBe(401);
    const res = await close(user.token, { password: user.password }, '10.3.0.5');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('900');
    await expectIntact(user);
  });

  it('leaves the account intact and says nothing when the transaction fails', async () => {
    const user = await registered();
    expect((await login(user.email, 'fel-lösenord', '10.3.9.8')).statusCode).toBe(401);
    // A closed row that conflicts with the one the closure inserts: the insert fails after the delete.
    await t.db.query('INSERT INTO identity.closed_accounts (username) VALUES ($1)', [user.username.toUpperCase()]);
    const res = await close(user.token, { password: user.password });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Något gick fel. Försök igen senare.' });
    const { users, closed } = await stored(user.username);
    expect(users).toHaveLength(1);
    expect(closed.map((r) => r.username)).toEqual([user.username.toUpperCase()]);
    expect(await attemptsOf(user.email)).toBe(2); // the failed login and this closure's attempt
    expect((await get('/user', user.token)).statusCode).toBe(200);
    expect(announced).toEqual([]);
  });

  it('closes once when the same account is closed twice at the same time', async () => {
    const user = await registered();
    const results = await Promise.all([
      close(user.token, { password: user.password }),
      close(user.token, { password: user.password }),
    ]);
    for (const r of results) expect([204, 401]).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 204)).toBe(true);
    expect((await stored(user.username)).closed).toHaveLength(1);
    expect(announced).toEqual([user.username]);
  });

  it('answers 413 for a body over the limit and 415 for a body that is not JSON, closing nothing', async () => {
    const user = await registered();
    const big = await close(user.token, { password: 'x'.repeat(10_000) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Förfrågan är för stor' });
    const form = await t.app.inject({
      method: 'DELETE',
      url: api('/user'),
      headers: { ...auth(user.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `password=${encodeURIComponent(user.password)}`,
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ message: 'Formatet stöds inte' });
    const bad = await t.app.inject({
      method: 'DELETE',
      url: api('/user'),
      headers: { ...auth(user.token), 'content-type': 'application/json' },
      payload: '{"password":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Ogiltig JSON i förfrågan' });
    await expectIntact(user);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: api('/docs/json') })).json();
    const op = doc.paths['/api/identity/user'].delete;
    expect(op.summary).toBe('Close the account');
    expect(op.description).toMatch(/the username is never given out again/i);
    expect(op.security).toEqual([{ bearerAuth: [] }]);
    expect(op.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
    expect(Object.keys(op.responses).sort()).toEqual(['204', '400', '401', '403', '413', '415', '429']);
    // GET /user is still described on the same path.
    expect(doc.paths['/api/identity/user'].get.summary).toBe('The logged-in user');
  });
});
