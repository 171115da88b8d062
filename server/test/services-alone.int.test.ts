// Identity and inventory each running alone, as scaled out (README): inventory reads identity's public key and its
// token revocations over HTTP with INTERNAL_API_KEY, and refuses a token issued before a password change once it has
// read its list (every 15 s; here the test reads it). On PostgreSQL both share a fresh database; on PGlite each has
// its own folder (PGlite is one process's).
import { createPrivateKey, randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import pg from 'pg';
import { IDENTITY_BASE } from '@bilmarknaden/shared/api-paths';
import { identityApp } from '@bilmarknaden/identity/app';
import { KEY_FILE, loadIdentityKeys } from '@bilmarknaden/identity/keys';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { AUTH_MESSAGES } from '@bilmarknaden/service-kit/bearer-auth';
import type { TokenRevocationList } from '@bilmarknaden/service-kit/token-revocations';
import { identityOptions } from '../src/identity-options.ts';
import { buildInventoryProcess } from '../src/inventory-process.ts';
import { SettingsError } from '../src/settings.ts';
import { buildStandalone } from '../src/standalone.ts';
import { testSettings } from './helpers.ts';
import { registration } from './security/security-helpers.ts';

const INTERNAL_API_KEY = randomBytes(24).toString('hex');
const adminUrl = process.env.TEST_DATABASE_URL;
let databaseName: string | undefined;
let databaseUrl: string | undefined;
let identity: FastifyInstance;
let identityDataDir: string;
let inventory: FastifyInstance;
let revocations: TokenRevocationList;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (adminUrl) {
    databaseName = `bm_alone_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const shared = { INTERNAL_API_KEY, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const identitySettings = testSettings(shared);
  identityDataDir = identitySettings.dataDir;
  const keys = await loadIdentityKeys({ dataDir: identityDataDir });
  identity = await buildStandalone(identitySettings, identityMigrations, async (app, db) => {
    await app.register(identityApp, { prefix: IDENTITY_BASE, ...identityOptions(identitySettings, db, keys, app.log) });
  });
  await identity.listen({ port: 0, host: '127.0.0.1' });
  const identityUrl = `http://127.0.0.1:${(identity.server.address() as AddressInfo).port}`;
  ({ app: inventory, revocations } = await buildInventoryProcess(
    testSettings({ ...shared, IDENTITY_URL: identityUrl, PHOTO_WORKERS: '0' }),
  ));
  await inventory.ready();
}, 180_000);
afterAll(async () => {
  await inventory?.close();
  await identity?.close();
  if (databaseName) await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

const savedAds = (token: string) =>
  inventory.inject({ method: 'GET', url: '/api/inventory/001/3002', headers: { authorization: `Bearer ${token}` } });

describe('inventory alone', () => {
  it('refuses a token issued before a password change once it has read the revocations from identity', async () => {
    const user = registration('ensam');
    const registered = await identity.inject({ method: 'POST', url: '/api/identity/user', payload: user });
    expect(registered.statusCode).toBe(200);
    const key = createPrivateKey(await readFile(path.join(identityDataDir, KEY_FILE), 'utf8'));
    const now = Math.floor(Date.now() / 1000);
    const earlier = await new SignJWT({ role: 1 })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .setSubject(user.username)
      .setIssuer('bilmarknaden-identity')
      .setAudience('bilmarknaden')
      .setIssuedAt(now - 120)
      .setExpirationTime(now + 3000)
      .setJti(randomUUID())
      .sign(key);
    expect((await savedAds(earlier)).statusCode).toBe(200);

    const change = await identity.inject({
      method: 'PUT',
      url: '/api/identity/user/password',
      headers: { authorization: `Bearer ${registered.body}` },
      payload: { currentPassword: user.password, password: 'Ett-annat-lösen-9' },
    });
    expect(change.statusCode).toBe(200);
    await revocations.refresh();
    const refused = await savedAds(earlier);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.invalid });
    expect((await savedAds(change.body)).statusCode).toBe(200);
  });

  it("takes a report of a user identity knows, by identity's spelling, and answers 404 for a name it does not", async () => {
    const reporter = registration('anmaler');
    const reported = registration('Anmald');
    const token = (await identity.inject({ method: 'POST', url: '/api/identity/user', payload: reporter })).body;
    expect((await identity.inject({ method: 'POST', url: '/api/identity/user', payload: reported })).statusCode).toBe(
      200,
    );
    const report = (username: string) =>
      inventory.inject({
        method: 'POST',
        url: `/api/inventory/users/${encodeURIComponent(username)}/reports`,
        headers: { authorization: `Bearer ${token}` },
        payload: { reason: 'Annat' },
      });
    expect((await report(reported.username.toLowerCase())).statusCode).toBe(201);
    const mine = await inventory.inject({
      method: 'GET',
      url: '/api/inventory/reports/mine/users',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.json()).toEqual([expect.objectContaining({ username: reported.username, outcome: 'open' })]);
    expect((await report('ingen-sadan-anvandare')).statusCode).toBe(404);
  });

  it('needs IDENTITY_URL and INTERNAL_API_KEY', async () => {
    await expect(buildInventoryProcess(testSettings())).rejects.toThrow(SettingsError);
    await expect(buildInventoryProcess(testSettings())).rejects.toThrow(/IDENTITY_URL.*\n.*INTERNAL_API_KEY/);
  });
});
