import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, decodeJwt, type JSONWebKeySet } from 'jose';
import { createTokenVerifier } from '@bilmarknaden/shared/auth/token';
import { usersRepository } from '../src/repositories/users-repository.ts';
import { api, buildIdentity, newUser, type TestIdentity } from './helpers.ts';

let t: TestIdentity;
beforeAll(async () => {
  t = await buildIdentity();
});
afterAll(() => t.close());

async function registered(overrides: Record<string, unknown> = {}) {
  const user = newUser(overrides);
  const res = await t.app.inject({ method: 'POST', url: api('/user'), payload: user });
  expect(res.statusCode).toBe(200);
  return { user, token: res.body };
}

const get = (path: string, token?: string) =>
  t.app.inject({ method: 'GET', url: api(path), headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /user', () => {
  it('answers the current user with role and display name', async () => {
    const { user, token } = await registered({ firstname: 'Åsa', lastname: 'Öberg' });
    const res = await get('/user', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: user.username,
      firstname: 'Åsa',
      lastname: 'Öberg',
      role: 1,
      displayName: 'Åsa Öberg',
      city: 'Stockholm',
      email: user.email,
    });
  });

  it('shows a role changed after the token was issued', async () => {
    const { user, token } = await registered();
    await usersRepository(t.db).setRole(user.username, 3, new Date());
    expect((await get('/user', token)).json().role).toBe(3);
  });

  it('answers 401 without a token or with a malformed header', async () => {
    const none = await get('/user');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Du måste logga in' });
    expect(none.headers['www-authenticate']).toBe('Bearer');
    for (const authorization of ['Basic YTpi', 'Bearer', 'Bearer not-a-token', 'token']) {
      const res = await t.app.inject({ method: 'GET', url: api('/user'), headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('answers 401 for the token of a user that no longer exists', async () => {
    const { user, token } = await registered();
    await t.db.query('DELETE FROM identity.users WHERE username = $1', [user.username]);
    const res = await get('/user', token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Din inloggning är ogiltig eller har gått ut. Logga in igen.' });
    expect((await get('/user/refresh', token)).statusCode).toBe(401);
  });
});

describe('GET /user/refresh', () => {
  it('answers a new token as plain text, with the current role', async () => {
    const { user, token } = await registered();
    await usersRepository(t.db).setRole(user.username, 2, new Date());
    const res = await get('/user/refresh', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).not.toBe(token);
    const before = decodeJwt(token);
    const after = decodeJwt(res.body);
    expect(after).toMatchObject({ sub: user.username, role: 2 });
    expect(after.jti).not.toBe(before.jti);
    expect((await get('/user', res.body)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await get('/user/refresh');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Du måste logga in' });
  });
});

describe('GET /user/username', () => {
  it('answers the public profile, matching the username in any case', async () => {
    const { user } = await registered();
    const res = await get(`/user/username?username=${user.username.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['firstname', 'memberSince', 'username', 'verified']);
    expect(body.verified).toBe(false);
    expect(body.username).toBe(user.username);
    expect(body.firstname).toBe('Anna');
    expect(new Date(body.memberSince).toISOString()).toBe(body.memberSince);
    expect(Math.abs(Date.parse(body.memberSince) - Date.now())).toBeLessThan(5 * 60_000);
  });

  it('answers 404 for an unknown username', async () => {
    const res = await get('/user/username?username=finnsinte');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Användaren kunde inte hittas', field: 'username' });
  });

  it('answers 400 without a username', async () => {
    const res = await get('/user/username');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Ogiltig förfrågan', field: 'username' });
  });
});

describe('GET /.well-known/jwks.json', () => {
  it('publishes the public key, with which issued tokens verify', async () => {
    const res = await get('/.well-known/jwks.json');
    expect(res.statusCode).toBe(200);
    const jwks = res.json() as JSONWebKeySet;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: t.keys.kid });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { token, user } = await registered();
    const claims = await createTokenVerifier(createLocalJWKSet(jwks))(token);
    expect(claims).toMatchObject({ username: user.username, role: 1 });
  });
});

describe('OpenAPI document', () => {
  it('is served at /docs/json and describes every route', async () => {
    const res = await get('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/identity/.well-known/jwks.json',
      // Dealer accounts (decision 059).
      '/api/identity/dealer',
      '/api/identity/dealer-applications',
      '/api/identity/dealer-applications/{id}/approval',
      '/api/identity/dealer-applications/{id}/rejection',
      '/api/identity/dealer/api-keys',
      '/api/identity/dealer/api-keys/{id}',
      '/api/identity/dealer/application',
      '/api/identity/dealer/invites',
      '/api/identity/dealer/invites/acceptance',
      '/api/identity/dealer/invites/{id}',
      '/api/identity/dealer/logo',
      '/api/identity/dealer/members',
      '/api/identity/dealer/members/{username}',
      '/api/identity/dealers/{slug}',
      '/api/identity/dealers/{slug}/logo',
      '/api/identity/user',
      '/api/identity/user/login',
      '/api/identity/user/notification-settings',
      '/api/identity/user/password',
      '/api/identity/user/password-reset',
      '/api/identity/user/password-reset/confirm',
      '/api/identity/user/refresh',
      '/api/identity/user/username',
      '/api/identity/user/verification',
      '/api/identity/user/verification/{orderRef}',
      '/api/identity/users/{username}/blocked',
    ]);
    expect(doc.paths['/api/identity/user'].post.responses).toHaveProperty('409');
    expect(doc.paths['/api/identity/user/login'].post.responses).toHaveProperty('429');
  });

  it('gives every route a summary in English, as inventory does', async () => {
    const doc = (await get('/docs/json')).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    const summaries = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.summary));
    // 16 of the user's routes and 17 of dealer accounts (decision 059).
    expect(summaries).toHaveLength(33);
    for (const summary of summaries) expect(summary).toMatch(/^[A-Z][\x20-\x7e]+$/);
  });

  it('serves the UI at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/docs/') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('errors', () => {
  it('an unknown path under the service answers 404 in Swedish', async () => {
    const res = await get('/finns-inte');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Sidan finns inte' });
  });
});
