// Issue 29, item 1: the demo accounts, whose password the README publishes, must not open staff powers in
// production. Through the settings and the start of the default process, on the real database.
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { buildApp } from '../src/app.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-users.ts';
import { testSettings } from './helpers.ts';

const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
/** Production settings; SEED_DEMO empty counts as unset. */
const production = (seedDemo: string) =>
  testSettings({ NODE_ENV: 'production', JWT_PRIVATE_KEY: pem, SEED_DEMO: seedDemo });

const opened: { app?: FastifyInstance; t: TestDatabase }[] = [];
afterEach(async () => {
  for (const { app, t } of opened.splice(0)) {
    await app?.close();
    await t.dispose();
  }
});

async function database(): Promise<TestDatabase> {
  const t = await createTestDatabase([identityMigrations, inventoryMigrations]);
  opened.push({ t });
  return t;
}

async function start(settings: ReturnType<typeof testSettings>, t: TestDatabase): Promise<FastifyInstance> {
  const { app } = await buildApp(settings, { db: t.db, demoAdCount: 2 });
  opened.find((o) => o.t === t)!.app = app;
  return app;
}

const login = (app: FastifyInstance, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/identity/user/login',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress: '203.0.113.50',
  });

async function roleOf(app: FastifyInstance, email: string): Promise<number> {
  const res = await login(app, email);
  expect(res.statusCode, email).toBe(200);
  const me = await app.inject({ url: '/api/identity/user', headers: { authorization: `Bearer ${res.body}` } });
  return (me.json() as { role: number }).role;
}

const usernames = async (t: TestDatabase) =>
  (await t.db.query<{ username: string }>('SELECT username FROM identity.users ORDER BY username')).rows.map(
    (r) => r.username,
  );

// Each test opens its own database and starts the whole process once or twice.
describe('demo data in production', { timeout: 180_000 }, () => {
  it('without SEED_DEMO, a production start seeds nothing: no demo user, no demo ad', async () => {
    const settings = production('');
    expect(settings.seedDemo).toBe(false);
    const t = await database();
    const app = await start(settings, t);
    expect(await usernames(t)).toEqual([]);
    expect((await t.db.query('SELECT id FROM inventory.cars')).rows).toEqual([]);
    expect((await login(app, 'admin@demo.bilmarknaden.se')).statusCode).toBe(404);
  });

  it('with SEED_DEMO=true, the demo sellers and their ads come but no moderator or administrator', async () => {
    const t = await database();
    const app = await start(production('true'), t);
    expect(await usernames(t)).toEqual(['anna.svensson', 'bilhandlarn', 'erik.lindqvist']);
    expect((await t.db.query('SELECT id FROM inventory.cars')).rows).toHaveLength(2);
    expect((await login(app, 'admin@demo.bilmarknaden.se')).statusCode).toBe(404);
    expect((await login(app, 'moderator@demo.bilmarknaden.se')).statusCode).toBe(404);
    expect(await roleOf(app, 'anna@demo.bilmarknaden.se')).toBe(1);
  });

  it('outside production the demo has its staff; a later production start demotes those with the published password', async () => {
    const t = await database();
    const dev = await start(testSettings({ SEED_DEMO: '' }), t);
    expect(await roleOf(dev, 'admin@demo.bilmarknaden.se')).toBe(3);
    expect(await roleOf(dev, 'moderator@demo.bilmarknaden.se')).toBe(2);
    await dev.close();
    opened.find((o) => o.t === t)!.app = undefined;
    // The moderator's password was changed by its operator: that account is theirs now and keeps its role.
    await t.db.query(`UPDATE identity.users SET password_hash = 'x' WHERE username = 'moderator'`);
    const app = await start(production(''), t);
    expect(await roleOf(app, 'admin@demo.bilmarknaden.se')).toBe(1);
    const { rows } = await t.db.query<{ role: number }>(`SELECT role FROM identity.users WHERE username = 'moderator'`);
    expect(rows[0]!.role).toBe(2);
  });
});
