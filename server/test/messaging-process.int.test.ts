// Messaging alone (`npm run start:messaging`) beside a default process that plays identity and inventory: tokens
// verified with identity's published key, revoked ones refused once its list is read, ads read over HTTP.
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { KEY_FILE } from '@bilmarknaden/identity/keys';
import type { TokenRevocationList } from '@bilmarknaden/service-kit/token-revocations';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import { buildMessagingProcess } from '../src/messaging-process.ts';
import { SettingsError } from '../src/settings.ts';
import { earlierToken as signedEarlier, testSettings } from './helpers.ts';
import { buildSecureApp, createAd, registerUser, type SecureApp, type TestUser } from './security/security-helpers.ts';

const INTERNAL_API_KEY = 'nyckel-for-interna-anrop-0123456789abcdef';

let t: SecureApp;
let alone: { app: FastifyInstance; revocations: TokenRevocationList };
let privateKey: KeyObject;

beforeAll(async () => {
  t = await buildSecureApp({ INTERNAL_API_KEY });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Its own database: messaging needs only its schema (on PostgreSQL the deployment shares one).
  alone = await buildMessagingProcess(testSettings({ IDENTITY_URL: base, INVENTORY_URL: base, INTERNAL_API_KEY }));
  await alone.app.ready();
  privateKey = createPrivateKey(await readFile(path.join(t.settings.dataDir, KEY_FILE), 'utf8'));
}, 180_000);
afterAll(async () => {
  await alone?.app.close();
  await t?.close();
});
/** A token identity issued two minutes ago. */
const earlierToken = (user: TestUser) => signedEarlier(privateKey, user.username);

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  alone.app.inject({
    method,
    url: `/api/messaging${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

describe('messaging alone', () => {
  it('needs IDENTITY_URL, INTERNAL_API_KEY and INVENTORY_URL', async () => {
    await expect(buildMessagingProcess(testSettings())).rejects.toThrow(SettingsError);
    await expect(
      buildMessagingProcess(testSettings({ IDENTITY_URL: 'http://127.0.0.1:9', INTERNAL_API_KEY })),
    ).rejects.toThrow(/INVENTORY_URL/);
  });

  it("asks about an ad read over inventory's API, and refuses a token identity revoked", async () => {
    const seller = await registerUser(t.app, 'ensam');
    const buyer = await registerUser(t.app, 'frågvis');
    const carId = await createAd(t.app, seller, 1, { title: 'Skoda Octavia' });
    const old = await earlierToken(buyer);
    const started = await call(old, 'POST', messagingPaths.conversations, { carId, text: 'Hej! Är bilen kvar?' });
    expect(started.statusCode).toBe(201);
    const page = await call(seller.token, 'GET', messagingPaths.conversation(started.json().conversationId));
    expect(page.json().car).toMatchObject({ id: carId, title: 'Skoda Octavia', state: 'active' });
    expect((await call(seller.token, 'POST', messagingPaths.conversations, { carId, text: 'Hej' })).statusCode).toBe(
      400,
    );

    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/identity/user/password',
      headers: buyer.headers,
      payload: { currentPassword: buyer.password, password: 'Ett-helt-nytt-lösen' },
    });
    expect(change.statusCode).toBe(200);
    await alone.revocations.refresh();
    expect((await call(old, 'GET', messagingPaths.conversations)).statusCode).toBe(401);
    expect((await call(change.body, 'GET', messagingPaths.conversations)).statusCode).toBe(200);
  }, 90_000);
});
