// Identity's side of token revocation: the entries it records, its internal route, and a service's list reading
// them over HTTP (a service running alone).
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import {
  createTokenRevocationList,
  httpTokenRevocationSource,
  type TokenRevocationList,
} from '@bilmarknaden/service-kit/token-revocations';
import { revokeTokens } from '../src/services/token-revocations.ts';
import { api, buildIdentity, newUser, type TestIdentity } from './helpers.ts';

const INTERNAL_KEY = 'intern-nyckel-for-aterkallade-inloggningar';
const silent = { warn: () => undefined };

let t: TestIdentity;
let baseUrl: string;
let list: TokenRevocationList;

beforeAll(async () => {
  t = await buildIdentity({ internalApiKey: INTERNAL_KEY, sendNotificationMails: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  list = createTokenRevocationList({
    source: httpTokenRevocationSource({ baseUrl, internalKey: INTERNAL_KEY }),
    lifetimeSeconds: 3600,
    log: silent,
  });
  await list.refresh();
});
afterAll(async () => {
  await list?.close();
  await t?.close();
});

async function registered() {
  const user = newUser();
  const res = await t.app.inject({ method: 'POST', url: api('/user'), payload: user });
  expect(res.statusCode).toBe(200);
  return { ...user, token: res.body };
}
const earlier = (username: string) => ({ username, iat: Math.floor(Date.now() / 1000) - 120 });

describe('the revocation list over HTTP', () => {
  it('learns of a password change; tokens issued in its second or later stay good', async () => {
    const user = await registered();
    expect(list.isRevoked(earlier(user.username as string))).toBe(false);
    const res = await t.app.inject({
      method: 'PUT',
      url: api('/user/password'),
      headers: { authorization: `Bearer ${user.token}` },
      payload: { currentPassword: user.password, password: 'Helt-nytt-lösen-1' },
    });
    expect(res.statusCode).toBe(200);
    await list.refresh();
    expect(list.isRevoked(earlier(user.username as string))).toBe(true);
    expect(list.isRevoked(earlier((user.username as string).toUpperCase()))).toBe(true);
    const fresh = decodeJwt(res.body);
    expect(list.isRevoked({ username: user.username as string, iat: fresh.iat! })).toBe(false);
  });

  it('learns of a revocation identity code records in its own transaction (a block, issue #27)', async () => {
    const user = await registered();
    await t.db.transaction((tx) => revokeTokens(tx, user.username as string, new Date()));
    await list.refresh();
    expect(list.isRevoked(earlier(user.username as string))).toBe(true);
  });

  it('needs the internal key: a wrong or missing one is refused', async () => {
    const wrong = createTokenRevocationList({
      source: httpTokenRevocationSource({ baseUrl, internalKey: `${INTERNAL_KEY}-fel` }),
      lifetimeSeconds: 3600,
      log: silent,
    });
    await expect(wrong.refresh()).rejects.toThrow(/401/);
    const since = new Date(Date.now() - 60_000).toISOString();
    const missing = await t.app.inject({ method: 'GET', url: api(`/internal/token-revocations?since=${since}`) });
    expect(missing.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: api('/internal/token-revocations?since=igår'),
      headers: { authorization: `Bearer ${INTERNAL_KEY}` },
    });
    expect(bad.statusCode).toBe(400);
  });
});
