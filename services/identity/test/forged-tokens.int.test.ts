import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64url, SignJWT, type JWTPayload } from 'jose';
import { loadIdentityKeys } from '../src/keys.ts';
import { api, buildIdentity, newUser, type TestIdentity } from './helpers.ts';

let t: TestIdentity;
let username: string;
let validToken: string;
beforeAll(async () => {
  t = await buildIdentity();
  const user = newUser();
  username = user.username;
  validToken = (await t.app.inject({ method: 'POST', url: api('/user'), payload: user })).body;
});
afterAll(() => t.close());

const nowSec = () => Math.floor(Date.now() / 1000);
const claims = (overrides: JWTPayload = {}): JWTPayload => ({
  sub: username,
  role: 3,
  iss: 'bilmarknaden-identity',
  aud: 'bilmarknaden',
  iat: nowSec(),
  exp: nowSec() + 600,
  jti: randomUUID(),
  ...overrides,
});

const signEdDSA = (payload: JWTPayload, key = t.keys.privateKey, kid = t.keys.kid) =>
  new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT' }).sign(key);

const encode = (value: object) => base64url.encode(JSON.stringify(value));

async function status(token: string): Promise<number[]> {
  const headers = { authorization: `Bearer ${token}` };
  const me = await t.app.inject({ method: 'GET', url: api('/user'), headers });
  const refresh = await t.app.inject({ method: 'GET', url: api('/user/refresh'), headers });
  for (const res of [me, refresh]) {
    if (res.statusCode === 401) expect(res.json()).toEqual({ message: expect.any(String) });
  }
  return [me.statusCode, refresh.statusCode];
}

describe('forged and bad tokens are refused with 401', () => {
  it('control: the issued token and a token signed with the real key are accepted', async () => {
    expect(await status(validToken)).toEqual([200, 200]);
    expect(await status(await signEdDSA(claims()))).toEqual([200, 200]);
  });

  it('signed with another Ed25519 key, even under the same kid', async () => {
    const other = await loadIdentityKeys({});
    expect(await status(await signEdDSA(claims(), other.privateKey))).toEqual([401, 401]);
    expect(await status(await signEdDSA(claims(), other.privateKey, other.kid))).toEqual([401, 401]);
  });

  it('alg none', async () => {
    const token = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims())}.`;
    expect(await status(token)).toEqual([401, 401]);
  });

  it('HS256 signed with the public key bytes (algorithm confusion)', async () => {
    const raw = base64url.decode(t.keys.publicJwk.x!);
    const pem = new TextEncoder().encode(t.keys.publicKey.export({ format: 'pem', type: 'spki' }).toString());
    for (const secret of [raw, pem]) {
      const token = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: t.keys.kid }).sign(secret);
      expect(await status(token)).toEqual([401, 401]);
    }
  });

  it('wrong issuer or audience', async () => {
    expect(await status(await signEdDSA(claims({ iss: 'someone-else' })))).toEqual([401, 401]);
    expect(await status(await signEdDSA(claims({ aud: 'other-app' })))).toEqual([401, 401]);
  });

  it('expired', async () => {
    const expired = claims({ iat: nowSec() - 7200, exp: nowSec() - 3600 });
    expect(await status(await signEdDSA(expired))).toEqual([401, 401]);
  });

  it('expired as issued by the service itself (its clock two hours back)', async () => {
    const past = await buildIdentity({ keys: t.keys, now: () => new Date(Date.now() - 2 * 3600_000) });
    try {
      const user = newUser();
      const token = (await past.app.inject({ method: 'POST', url: api('/user'), payload: user })).body;
      const res = await past.app.inject({
        method: 'GET',
        url: api('/user'),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await past.close();
    }
  });

  it('a tampered payload (role raised) under the original signature', async () => {
    const [header, payload, signature] = validToken.split('.') as [string, string, string];
    const raised = { ...JSON.parse(new TextDecoder().decode(base64url.decode(payload))), role: 3 };
    expect(await status(`${header}.${encode(raised)}.${signature}`)).toEqual([401, 401]);
  });

  it('a token without the required claims', async () => {
    const { jti: _jti, ...noJti } = claims();
    expect(await status(await signEdDSA(noJti))).toEqual([401, 401]);
    const { sub: _sub, ...noSub } = claims();
    expect(await status(await signEdDSA(noSub))).toEqual([401, 401]);
  });

  it('a well-signed token for a user that does not exist', async () => {
    expect(await status(await signEdDSA(claims({ sub: 'ingen-sadan' })))).toEqual([401, 401]);
  });
});
