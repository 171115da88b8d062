// Forged and stale tokens against the inventory's routes in the default process (identity's own routes are
// covered in services/identity/test/forged-tokens.int.test.ts), and what a deleted user's token can still do.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64url, decodeJwt, SignJWT, type JWTPayload } from 'jose';
import type { InjectOptions } from 'fastify';
import { KEY_FILE } from '@bilmarknaden/identity/keys';
import {
  buildSecureApp,
  createAd,
  expectWellFormed,
  registerUser,
  snapshot,
  type SecureApp,
  type TestUser,
} from './security-helpers.ts';

let t: SecureApp;
let user: TestUser;
let carId: number;
let privateKey: KeyObject;
let publicKey: KeyObject;

beforeAll(async () => {
  t = await buildSecureApp();
  privateKey = createPrivateKey(await readFile(path.join(t.settings.dataDir, KEY_FILE), 'utf8'));
  publicKey = createPublicKey(privateKey);
  user = await registerUser(t.app, 'tokenuser');
  carId = await createAd(t.app, user, 1);
}, 60_000);
afterAll(() => t?.close());

const nowSec = () => Math.floor(Date.now() / 1000);
const claims = (overrides: JWTPayload = {}): JWTPayload => ({
  sub: user.username,
  role: 1,
  iss: 'bilmarknaden-identity',
  aud: 'bilmarknaden',
  iat: nowSec(),
  exp: nowSec() + 600,
  jti: randomUUID(),
  ...overrides,
});
const sign = (payload: JWTPayload, key: KeyObject | Uint8Array = privateKey, alg = 'EdDSA') =>
  new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
const encode = (value: object) => base64url.encode(JSON.stringify(value));

/** Every inventory request that needs a token; each must answer 401 to a bad one. */
const protectedRequests = (headers: Record<string, string>): InjectOptions[] => [
  { method: 'GET', url: '/api/inventory/001/3002', headers },
  { method: 'GET', url: `/api/inventory/saved/${carId}`, headers },
  { method: 'POST', url: `/api/inventory/001/3001?carid=${carId}`, headers },
  { method: 'DELETE', url: `/api/inventory/cars/${carId}`, headers },
  { method: 'PUT', url: `/api/inventory/cars/${carId}`, headers },
  { method: 'POST', url: '/api/inventory/001/1001', headers },
  { method: 'GET', url: '/api/identity/user', headers },
  { method: 'GET', url: '/api/identity/user/refresh', headers },
];

async function expectRefused(token: string, what: string) {
  for (const req of protectedRequests({ authorization: `Bearer ${token}` })) {
    const res = await t.app.inject(req);
    expect(res.statusCode, `${what}: ${req.method} ${req.url}`).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expectWellFormed(res, what);
  }
}

describe('the inventory refuses every bad token with 401 and changes nothing', () => {
  it('control: a token signed with identity’s key is accepted by both services', async () => {
    const token = await sign(claims());
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/inventory/001/3002', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/identity/user', headers })).statusCode).toBe(200);
    // A clock a few seconds ahead of ours is within the tolerance.
    const ahead = { authorization: `Bearer ${await sign(claims({ iat: nowSec() + 10 }))}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/inventory/001/3002', headers: ahead })).statusCode).toBe(
      200,
    );
  });

  it('bad signature, alg none, HS256 with the public key, expired, future nbf, wrong iss or aud, missing claims', async () => {
    const before = await snapshot(t);
    const other = generateKeyPairSync('ed25519').privateKey;
    const valid = await sign(claims());
    const [h, p, s] = valid.split('.') as [string, string, string];
    const flipped = `${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}`;
    const rawPublic = base64url.decode(publicKey.export({ format: 'jwk' }).x!);
    const pemPublic = new TextEncoder().encode(publicKey.export({ format: 'pem', type: 'spki' }).toString());
    const { jti: _jti, ...noJti } = claims();
    const cases: Record<string, string> = {
      'another key': await sign(claims(), other),
      'flipped signature': `${h}.${p}.${flipped}`,
      'raised role under the old signature': `${h}.${encode({ ...decodeJwt(valid), role: 3, sub: 'someone' })}.${s}`,
      'alg none': `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims())}.`,
      'alg none with a signature': `${encode({ alg: 'none' })}.${p}.${s}`,
      'HS256 keyed with the raw public key': await sign(claims(), rawPublic, 'HS256'),
      'HS256 keyed with the public PEM': await sign(claims(), pemPublic, 'HS256'),
      expired: await sign(claims({ iat: nowSec() - 7200, exp: nowSec() - 3600 })),
      'not yet valid (nbf in an hour)': await sign(claims({ nbf: nowSec() + 3600 })),
      'issued in the future without exp margin': await sign(claims({ nbf: nowSec() + 120, iat: nowSec() + 120 })),
      'wrong issuer': await sign(claims({ iss: 'evil-identity' })),
      'wrong audience': await sign(claims({ aud: 'another-app' })),
      'audience list without ours': await sign(claims({ aud: ['x', 'y'] })),
      'audience list naming ours among others': await sign(claims({ aud: ['bilmarknaden', 'another-app'] })),
      'audience list of ours alone': await sign(claims({ aud: ['bilmarknaden'] })),
      'issued an hour from now': await sign(claims({ iat: nowSec() + 3600, exp: nowSec() + 7200 })),
      'issued a minute from now': await sign(claims({ iat: nowSec() + 60, exp: nowSec() + 3600 })),
      'no jti': await sign(noJti),
      'role as text': await sign(claims({ role: '3' })),
      'sub as a number': await sign(claims({ sub: 42 as unknown as string })),
      'empty token': '',
      garbage: 'a.b.c',
      'jwt with spaces': `${h}. ${p}.${s}`,
    };
    for (const [what, token] of Object.entries(cases)) await expectRefused(token, what);
    for (const header of [`Basic ${valid}`, `Bearer`, `Bearer ${valid} ${valid}`, `${valid}`, `bearer\t${valid}x`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/inventory/001/3002',
        headers: { authorization: header },
      });
      expect(res.statusCode, header).toBe(401);
    }
    expect(await snapshot(t)).toBe(before);
  });

  it('feedback (token optional) treats a bad token as anonymous: the forged username is not stored', async () => {
    const forged = await sign(claims({ sub: 'mallory' }), generateKeyPairSync('ed25519').privateKey);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/feedback',
      headers: { authorization: `Bearer ${forged}` },
      payload: { name: 'Mallory', email: 'm@exempel.se', title: 'Hej', content: 'Hej hej' },
    });
    expect(res.statusCode).toBe(201);
    const { rows } = await t.db.query('SELECT username FROM inventory.feedback WHERE id = $1', [res.json().id]);
    expect(rows[0]).toEqual({ username: null });
  });
});

describe('a token after its user is deleted', () => {
  it('identity refuses it at once; inventory accepts it until it expires (at most TOKEN_TTL_SECONDS)', async () => {
    const gone = await registerUser(t.app, 'borttagen');
    const { exp, iat } = decodeJwt(gone.token);
    expect(exp! - iat!).toBe(t.settings.tokenTtlSeconds);
    expect(t.settings.tokenTtlSeconds).toBe(3600);
    await t.db.query('DELETE FROM identity.users WHERE username = $1', [gone.username]);

    const me = await t.app.inject({ method: 'GET', url: '/api/identity/user', headers: gone.headers });
    expect(me.statusCode).toBe(401);
    // It cannot be extended: refresh needs the user to exist.
    const refresh = await t.app.inject({ method: 'GET', url: '/api/identity/user/refresh', headers: gone.headers });
    expect(refresh.statusCode).toBe(401);
    // Inventory verifies tokens without identity (docs/security.md, "Deleted users"): the documented window.
    const saved = await t.app.inject({ method: 'GET', url: '/api/inventory/001/3002', headers: gone.headers });
    expect(saved.statusCode).toBe(200);
    // Its lifetime is the bound: the same token an hour and a second later is refused everywhere.
    const late = await sign(claims({ sub: gone.username, iat: iat! - 3601, exp: exp! - 3601 }));
    await expectRefused(late, 'expired token of a deleted user');
  });
});
