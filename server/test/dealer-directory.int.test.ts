import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { IDENTITY_BASE } from '@bilmarknaden/shared/api-paths';
import type { DealerDirectory } from '@bilmarknaden/service-kit/dealer-directory';
import { identityApp } from '@bilmarknaden/identity/app';
import { loadIdentityKeys } from '@bilmarknaden/identity/keys';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { createPasswordHasher } from '@bilmarknaden/identity/services/password-hasher';
import { httpDealerDirectory, identityDealerDirectory } from '../src/dealer-directory.ts';

const INTERNAL_KEY = 'intern-nyckel-for-katalogen-0123456789';

let database: TestDatabase;
let app: FastifyInstance;
let baseUrl: string;
let owner: string;
let member: string;
let pendingOwner: string;
let liveKey: string;
let revokedKey: string;

const api = (path: string) => `${IDENTITY_BASE}${path}`;

async function account(n: string) {
  const res = await app.inject({
    method: 'POST',
    url: api('/user'),
    payload: {
      username: n,
      firstname: 'Anna',
      lastname: 'Andersson',
      email: `${n}@exempel.se`,
      password: 'hemligt-lösen-1',
      street: 'Storgatan',
      housenumber: '1',
      zipcode: '11122',
      countryCode: '46',
      phone: '0701234567',
      city: 'Stockholm',
    },
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.body}` };
}

const company = (name: string, orgNumber: string) => ({
  orgNumber,
  name,
  street: 'Verkstadsvägen 2',
  postalCode: '111 22',
  city: 'Stockholm',
  kommun: '0180',
  phone: '08-123 456 78',
  openingHours: [],
  presentation: '',
});

beforeAll(async () => {
  database = await createTestDatabase([identityMigrations]);
  app = Fastify({ logger: false });
  await app.register(identityApp, {
    db: database.db,
    keys: await loadIdentityKeys({}),
    passwordHasher: createPasswordHasher({ memoryCost: 256, timeCost: 1, parallelism: 1 }),
    sendNotificationMails: false,
    internalApiKey: INTERNAL_KEY,
    prefix: IDENTITY_BASE,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  owner = 'katalogagare';
  member = 'katalogmedlem';
  pendingOwner = 'katalogvantar';
  const ownerAuth = await account(owner);
  const memberAuth = await account(member);
  const pendingAuth = await account(pendingOwner);
  const staffAuth = await account('katalogstaff');
  await database.db.query(`UPDATE identity.users SET role = 2 WHERE username = 'katalogstaff'`);

  const dealer = (
    await app.inject({
      method: 'POST',
      url: api('/dealer/application'),
      headers: ownerAuth,
      payload: company('Katalogens Bil AB', '556016-0680'),
    })
  ).json();
  await app.inject({
    method: 'POST',
    url: api('/dealer/application'),
    headers: pendingAuth,
    payload: company('Väntande Bil AB', '202100-5489'),
  });
  const approval = await app.inject({
    method: 'POST',
    url: api(`/dealer-applications/${dealer.id}/approval`),
    headers: staffAuth,
  });
  expect(approval.statusCode).toBe(204);

  await app.inject({
    method: 'POST',
    url: api('/dealer/invites'),
    headers: ownerAuth,
    payload: { email: 'x@exempel.se' },
  });
  const { rows } = await database.db.query<{ text: string }>('SELECT text FROM identity.mail_outbox ORDER BY id DESC');
  const token = /#token=([A-Za-z0-9_-]+)/.exec(rows[0]!.text)![1];
  const accepted = await app.inject({
    method: 'POST',
    url: api('/dealer/invites/acceptance'),
    headers: memberAuth,
    payload: { token },
  });
  expect(accepted.statusCode).toBe(200);

  const key = (name: string) =>
    app.inject({ method: 'POST', url: api('/dealer/api-keys'), headers: ownerAuth, payload: { name } });
  liveKey = (await key('Lager')).json().key;
  const revoked = (await key('Gammal')).json();
  revokedKey = revoked.key;
  await app.inject({ method: 'DELETE', url: api(`/dealer/api-keys/${revoked.id}`), headers: ownerAuth });
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const ref = () => ({ slug: 'katalogens-bil-ab', name: 'Katalogens Bil AB', kommun: '0180', owner });

describe.each([
  ['in process', (): DealerDirectory => identityDealerDirectory(database.db)],
  ['over HTTP', (): DealerDirectory => httpDealerDirectory({ baseUrl, internalKey: INTERNAL_KEY })],
])('the dealer directory %s', (_name, make) => {
  it('answers approved dealers by member, slug and live key; null otherwise', async () => {
    const directory = make();
    expect(await directory.ofMember(owner)).toEqual(ref());
    expect(await directory.ofMember(member.toUpperCase())).toEqual(ref());
    expect(await directory.ofMember(pendingOwner)).toBeNull();
    expect(await directory.ofMember('ingen-sadan')).toBeNull();
    expect(await directory.bySlug('katalogens-bil-ab')).toEqual(ref());
    expect(await directory.bySlug('vantande-bil-ab')).toBeNull();
    expect(await directory.byApiKey(liveKey)).toEqual(ref());
    expect(await directory.byApiKey(revokedKey)).toBeNull();
    expect(await directory.byApiKey('')).toBeNull();
    expect(await directory.byApiKey('x'.repeat(5000))).toBeNull();
  });
});

describe('the dealer directory over HTTP', () => {
  it('throws, rather than answering a private seller, when identity refuses the key or does not answer', async () => {
    const wrong = httpDealerDirectory({ baseUrl, internalKey: 'fel-nyckel' });
    await expect(wrong.ofMember(owner)).rejects.toThrow('identity answered 401');
    await expect(wrong.byApiKey(liveKey)).rejects.toThrow('identity answered 401');
    const down = httpDealerDirectory({ baseUrl: 'http://127.0.0.1:1', internalKey: INTERNAL_KEY, timeoutMs: 2_000 });
    await expect(down.bySlug('katalogens-bil-ab')).rejects.toThrow();
  });
});
