import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { closedAccountsRepository } from '@bilmarknaden/identity/repositories/closed-accounts-repository';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { createSellerErasure } from '@bilmarknaden/inventory/services/seller-erasure';
import type { FileStorage } from '@bilmarknaden/inventory/storage/file-storage';
import { createJob } from '@bilmarknaden/service-kit/jobs/job-runner';
import { outboxRelayJob } from '../src/jobs/outbox-relay.ts';
import { buildApp } from '../src/app.ts';
import type { Settings } from '../src/settings.ts';
import { testSettings } from './helpers.ts';
import { createAd, registerUser, registration, type TestUser } from './security/security-helpers.ts';

// Closing an account in the default process (decision 026): identity deletes and records the closure, the relay
// erases the seller in inventory and marks the closure erased.

interface Running {
  app: FastifyInstance;
  db: TestDatabase['db'];
  storage: FileStorage;
  filesDir: string;
}

const databases: TestDatabase[] = [];
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const database of databases.splice(0)) await database.dispose();
});

/** The default process on a fresh database, or again on the database and folder of an earlier one. */
async function start(earlier?: { database: TestDatabase; settings: Settings }) {
  const database = earlier?.database ?? (await createTestDatabase([identityMigrations, inventoryMigrations]));
  if (!earlier) databases.push(database);
  const settings = earlier?.settings ?? testSettings();
  const { app, storage } = await buildApp(settings, { db: database.db });
  apps.push(app);
  await app.ready();
  const running: Running = { app, db: database.db, storage, filesDir: path.join(settings.dataDir, 'files') };
  return { ...running, database, settings };
}

const closeAccount = (t: Running, user: TestUser, password: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/identity/user', headers: user.headers, payload: { password } });

const adStatus = async (t: Running, id: number) =>
  (await t.app.inject(`/api/inventory/001/2001?carid=${id}`)).statusCode;

const pendingClosures = async (t: Running) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity.closed_accounts WHERE erased_at IS NULL'))
    .rows[0]!.n;

/** A registration of `user`'s email under another name. */
const registrationOf = (user: TestUser, username: string) => ({ ...registration('igen'), email: user.email, username });

describe('closing an account', () => {
  it("removes the seller's ads, photos and saves right after the 204, keeps others' and retires the name", async () => {
    const t = await start();
    const anna = await registerUser(t.app, 'anna');
    const bo = await registerUser(t.app, 'bo');
    const annasAd = await createAd(t.app, anna, 2);
    const bosAd = await createAd(t.app, bo, 1);
    for (const [user, id] of [
      [bo, annasAd],
      [anna, bosAd],
    ] as const) {
      const saved = await t.app.inject({
        method: 'POST',
        url: `/api/inventory/001/3001?carid=${id}`,
        headers: user.headers,
      });
      expect(saved.json()).toEqual({ saved: true });
    }
    const photo = path.join(t.filesDir, `${annasAd}-1-1.jpeg`);
    expect(existsSync(photo)).toBe(true);

    expect((await closeAccount(t, anna, 'fel-lösenord-1')).statusCode).toBe(403);
    expect(await adStatus(t, annasAd)).toBe(200);

    const closed = await closeAccount(t, anna, anna.password);
    expect(closed.statusCode).toBe(204);
    await expect.poll(() => pendingClosures(t)).toBe(0);

    expect(await adStatus(t, annasAd)).toBe(404);
    expect(existsSync(photo)).toBe(false);
    expect((await t.app.inject(`/files/${annasAd}-1.jpeg`)).statusCode).toBe(404);
    const sellerAds = await t.app.inject(`/api/inventory/001/2002?username=${anna.username}`);
    expect(sellerAds.json()).toEqual([]);
    // Bo's ad and his account stay; his save of Anna's ad is gone.
    expect(await adStatus(t, bosAd)).toBe(200);
    const bosSaved = await t.app.inject({ url: '/api/inventory/001/3002', headers: bo.headers });
    expect(bosSaved.json()).toEqual([]);
    // Anna's own save is gone with her (her token still verifies at inventory for its lifetime).
    const annasSaves = await t.db.query('SELECT 1 FROM inventory.saved_cars WHERE lower(username) = lower($1)', [
      anna.username,
    ]);
    expect(annasSaves.rows).toEqual([]);

    // Her token is refused by identity, and by inventory where it would store something new.
    expect((await t.app.inject({ url: '/api/identity/user', headers: anna.headers })).statusCode).toBe(401);
    const resave = await t.app.inject({
      method: 'POST',
      url: `/api/inventory/001/3001?carid=${bosAd}`,
      headers: anna.headers,
    });
    expect(resave.statusCode).toBe(401);
    await expect(createAd(t.app, anna, 1)).rejects.toThrow(/401/);

    // The name is never given out again; the email is free.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/identity/user',
      payload: registrationOf(anna, anna.username.toUpperCase()),
    });
    expect(again.statusCode).toBe(409);
    const sameEmail = await t.app.inject({
      method: 'POST',
      url: '/api/identity/user',
      payload: registrationOf(anna, `${anna.username.slice(0, 20)}ny`),
    });
    expect(sameEmail.statusCode).toBe(200);
  });

  it('erases at start what a crash between the closure and the erasure left', async () => {
    const first = await start();
    const cia = await registerUser(first.app, 'cia');
    const ad = await createAd(first.app, cia, 1);
    await apps.pop()!.close();
    // As if the process stopped right after identity's commit: the closure recorded, the ads still there.
    await first.db.query('DELETE FROM identity.users WHERE username = $1', [cia.username]);
    await closedAccountsRepository(first.db).add(cia.username, new Date());
    const t = await start(first);
    await expect.poll(() => pendingClosures(t)).toBe(0);
    expect(await adStatus(t, ad)).toBe(404);
    expect(existsSync(path.join(t.filesDir, `${ad}-1-1.jpeg`))).toBe(false);
  });

  it('a closure whose erasure fails stays pending, the others are erased, and the next round finishes it', async () => {
    const t = await start();
    const closures = closedAccountsRepository(t.db);
    const erasure = createSellerErasure({ db: t.db, storage: t.storage });
    const users = [await registerUser(t.app, 'dan'), await registerUser(t.app, 'eva')];
    const ads = [await createAd(t.app, users[0]!, 1), await createAd(t.app, users[1]!, 1)];
    // Recorded directly: the app's own relay must not run them first.
    for (const u of users) await closures.add(u.username, new Date());
    let failOnce = true;
    const logged: string[] = [];
    const log = { info: () => {}, warn: () => {}, error: (_: unknown, msg: string) => logged.push(msg) };
    const relay = createJob(
      outboxRelayJob({
        name: 'closure-relay',
        outbox: { pending: (limit) => closures.pending(limit), markRelayed: (id, at) => closures.markErased(id, at) },
        carry: async ({ username }) => {
          if (username === users[0]!.username && failOnce) {
            failOnce = false;
            throw new Error('storage down');
          }
          return erasure.erase(username);
        },
        log: log as never,
        batchSize: 1,
        logLines: { done: 'erased', failed: 'not yet erased' },
      }),
      log,
    );
    await relay.run();
    expect(logged).toHaveLength(1);
    expect(await adStatus(t, ads[0]!)).toBe(200);
    expect(await adStatus(t, ads[1]!)).toBe(404);
    expect(await pendingClosures(t)).toBe(1);
    await relay.run();
    expect(await adStatus(t, ads[0]!)).toBe(404);
    expect(await pendingClosures(t)).toBe(0);
  });
});
