// Tokens issued before a password change or reset, a role change or an account closure are refused by inventory:
// at once in the process where identity made the change, and by another process (a replica on the same database)
// once its revocation list is read, which it does every 15 s (here the test reads it).
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { KEY_FILE } from '@bilmarknaden/identity/keys';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { runUserRole } from '@bilmarknaden/identity/cli/user-role';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { AUTH_MESSAGES } from '@bilmarknaden/service-kit/bearer-auth';
import { buildApp, type BuiltApp } from '../src/app.ts';
import type { Settings } from '../src/settings.ts';
import { earlierToken as signedEarlier, testSettings } from './helpers.ts';
import { mailTo, registerUser, type TestUser } from './security/security-helpers.ts';

let database: TestDatabase;
let settings: Settings;
let first: BuiltApp;
let second: BuiltApp;
let privateKey: KeyObject;

beforeAll(async () => {
  database = await createTestDatabase([identityMigrations, inventoryMigrations]);
  settings = testSettings();
  first = await buildApp(settings, { db: database.db });
  second = await buildApp(settings, { db: database.db });
  await Promise.all([first.app.ready(), second.app.ready()]);
  privateKey = createPrivateKey(await readFile(path.join(settings.dataDir, KEY_FILE), 'utf8'));
}, 120_000);
afterAll(async () => {
  await first?.app.close();
  await second?.app.close();
  await database?.dispose();
});
/** A token identity issued two minutes ago (signed with its key, as it would have). */
const earlierToken = (user: TestUser, role = 1) => signedEarlier(privateKey, user.username, 120, role);

/** Inventory's saved ads, a route that needs a token: its status and message. */
async function inventoryAnswer(built: BuiltApp, token: string) {
  const res = await built.app.inject({
    method: 'GET',
    url: '/api/inventory/001/3002',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.statusCode === 200 ? 200 : { status: res.statusCode, body: res.json() };
}
const refused = { status: 401, body: { message: AUTH_MESSAGES.invalid } };

async function expectAcceptedByBoth(token: string) {
  expect(await inventoryAnswer(first, token)).toBe(200);
  expect(await inventoryAnswer(second, token)).toBe(200);
}

describe('token revocation in inventory', () => {
  it('after a password change: at once in the process of the change, and in the other once it reads its list', async () => {
    const user = await registerUser(first.app, 'bytare');
    const old = await earlierToken(user);
    await expectAcceptedByBoth(old);
    const change = await first.app.inject({
      method: 'PUT',
      url: '/api/identity/user/password',
      headers: user.headers,
      payload: { currentPassword: user.password, password: 'Ett-helt-nytt-lösen' },
    });
    expect(change.statusCode).toBe(200);
    expect(await inventoryAnswer(first, old)).toEqual(refused);
    expect(await inventoryAnswer(first, change.body)).toBe(200);
    await second.revocations.refresh();
    expect(await inventoryAnswer(second, old)).toEqual(refused);
    expect(await inventoryAnswer(second, change.body)).toBe(200);
  });

  it("after a password reset by the mail's link", async () => {
    const user = await registerUser(first.app, 'glomde');
    const old = await earlierToken(user);
    await expectAcceptedByBoth(old);
    const asked = await first.app.inject({
      method: 'POST',
      url: '/api/identity/user/password-reset',
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(202);
    const mail = await mailTo(settings, user.email, 15_000);
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const confirmed = await first.app.inject({
      method: 'POST',
      url: '/api/identity/user/password-reset/confirm',
      payload: { token, password: 'Nytt-lösen-via-länken' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await inventoryAnswer(first, old)).toEqual(refused);
    await second.revocations.refresh();
    expect(await inventoryAnswer(second, old)).toEqual(refused);
    expect(await inventoryAnswer(second, confirmed.body)).toBe(200);
  });

  it('after a role change with npm run user:role (another process): once each list is read', async () => {
    const user = await registerUser(first.app, 'befordrad');
    const old = await earlierToken(user);
    await expectAcceptedByBoth(old);
    expect((await runUserRole(database.db, [user.username, '2'])).ok).toBe(true);
    await Promise.all([first.revocations.refresh(), second.revocations.refresh()]);
    expect(await inventoryAnswer(first, old)).toEqual(refused);
    expect(await inventoryAnswer(second, old)).toEqual(refused);
    const login = await second.app.inject({
      method: 'POST',
      url: '/api/identity/user/login',
      payload: { email: user.email, password: user.password },
    });
    expect(await inventoryAnswer(first, login.body)).toBe(200);
  });

  it('after an account closure', async () => {
    const user = await registerUser(first.app, 'slutar');
    const old = await earlierToken(user);
    await expectAcceptedByBoth(old);
    const closed = await first.app.inject({
      method: 'DELETE',
      url: '/api/identity/user',
      headers: user.headers,
      payload: { password: user.password },
    });
    expect(closed.statusCode).toBe(204);
    expect(await inventoryAnswer(first, old)).toEqual(refused);
    await second.revocations.refresh();
    expect(await inventoryAnswer(second, old)).toEqual(refused);
  });

  it("leaves other users' tokens alone", async () => {
    const user = await registerUser(first.app, 'orord');
    const old = await earlierToken(user);
    await Promise.all([first.revocations.refresh(), second.revocations.refresh()]);
    await expectAcceptedByBoth(old);
  });
});
