import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { buildApp } from '../src/app.ts';
import { testSettings } from './helpers.ts';

describe('the default process', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let carId: number;

  beforeAll(async () => {
    t = await createTestDatabase([identityMigrations, inventoryMigrations]);
    app = (await buildApp(testSettings(), { db: t.db })).app;
    const r = await t.db.query<{ id: number }>(
      `INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type, transmission, drivetrain, fuel, username, status)
       VALUES ('Volvo <b>V70</b> "fin"', 'Bra bil', 85000, 'Volvo', 'V70', 2008, 21000, 170, 'grå', 'kombi', 'automat', 'fwd', 'bensin', 'anna', 'active') RETURNING id`,
    );
    carId = r.rows[0]!.id;
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('answers /healthz while the database answers', async () => {
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the Swedish SPA at / and for deep links (404 where the app shows its not-found screen)', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/search/volvo', 200],
      ['/saved/cars', 200],
      ['/car/999999', 404],
      ['/no/such/page', 404],
    ] as const) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<html lang="sv">');
    }
  });

  it("puts an ad's title, escaped, in the page title of its deep link", async () => {
    const res = await app.inject(`/car/${carId}`);
    expect(res.body).toContain('<title>Volvo &lt;b&gt;V70&lt;/b&gt; &quot;fin&quot; – 85');
    expect(res.body).not.toContain('<b>V70</b>');
  });

  it('serves hashed assets with long immutable caching and pages with no-cache', async () => {
    const asset = await app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the pre-compressed asset to browsers that accept brotli', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('compresses API answers of 1 KiB or more for clients that accept it, and only those', async () => {
    const makes = await app.inject({ url: '/api/inventory/002/2001', headers: { 'accept-encoding': 'gzip' } });
    expect(makes.statusCode).toBe(200);
    expect(makes.headers['content-encoding']).toBe('gzip');
    expect(makes.headers.vary).toMatch(/accept-encoding/i);
    const plain = await app.inject('/api/inventory/002/2001');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(makes.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(makes.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // A small answer goes as it is: compressing it would cost more than it saves.
    const small = await app.inject({
      url: `/api/inventory/001/2001?carid=${carId}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers JSON 404 for unknown API paths, files and assets, never the SPA', async () => {
    // A script of an earlier build (an open tab after a deploy) is missing, not a page.
    for (const url of ['/api/inventory/nope', '/api/nope', '/files/nope.jpeg', '/assets/search-0ld.js']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('mounts identity and inventory under their bases', async () => {
    expect((await app.inject('/api/identity/.well-known/jwks.json')).statusCode).toBe(200);
    const makes = await app.inject('/api/inventory/002/2001');
    expect(makes.statusCode).toBe(200);
    expect((makes.json() as unknown[]).length).toBeGreaterThanOrEqual(30);
  });

  it('sends the security headers on pages', async () => {
    const res = await app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('allows no cross-origin callers unless configured', async () => {
    const res = await app.inject({ url: '/api/inventory/002/2001', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
