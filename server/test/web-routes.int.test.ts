import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { PAGE_DATA_ELEMENT_ID, type PageAnswer } from '@bilmarknaden/shared/page-data';
import { buildApp } from '../src/app.ts';
import { HOME_LIST_URL, MAKES_URL, carUrl, profileUrl } from '../src/page-data.ts';
import { acceptedEncoding } from '../src/web-routes.ts';
import { testSettings } from './helpers.ts';

/** The page's data block, parsed (the browser reads it with JSON.parse(textContent)). */
function pageData(html: string): PageAnswer[] | null {
  const m = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([^]*?)</script>`).exec(html);
  return m ? (JSON.parse(m[1]!) as PageAnswer[]) : null;
}

const HOSTILE_TITLE = 'Saab </script><script>alert(1)</script> <!-- $& $1 \u2028';

describe('pages with their first data', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let photoCarId: number;
  let plainCarId: number;

  beforeAll(async () => {
    t = await createTestDatabase([identityMigrations, inventoryMigrations]);
    app = (await buildApp(testSettings(), { db: t.db })).app;
    const insert = async (title: string, imageCount: number) =>
      (
        await t.db.query<{ id: number }>(
          `INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type, transmission, drivetrain, fuel, username, status, image_count, image_version)
           VALUES ($1, 'Bra bil', 85000, 'Volvo', 'V70', 2008, 21000, 170, 'grå', 'kombi', 'automat', 'fwd', 'bensin', 'anna', 'active', $2, 3) RETURNING id`,
          [title, imageCount],
        )
      ).rows[0]!.id;
    plainCarId = await insert('Volvo V70 utan bild', 0);
    photoCarId = await insert(HOSTILE_TITLE, 2); // the newest: first in the home list
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('/ carries the API answers of the first list window (with its snapshot header) and the makes', async () => {
    const res = await app.inject('/');
    expect(res.statusCode).toBe(200);
    const answers = pageData(res.body)!;
    const list = await app.inject(HOME_LIST_URL);
    const makes = await app.inject(MAKES_URL);
    expect(answers.map((a) => a.url)).toEqual([HOME_LIST_URL, MAKES_URL]);
    const listBody = answers[0]!.body as { id: number; title: string }[];
    expect(listBody.map((c) => c.id)).toEqual((list.json() as { id: number }[]).map((c) => c.id));
    expect(listBody[0]!.title).toBe(HOSTILE_TITLE);
    expect(answers[0]!.headers!['x-list-as-of']).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(answers[1]!.body).toEqual(makes.json());
  });

  it('escapes the data so that no ad text can end the block, open a comment or run', async () => {
    const { body } = await app.inject('/');
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<!--');
    expect(body).not.toContain('\u2028');
    expect(body.match(/<\/script>/g)).toHaveLength(1);
    // The only script elements: the data block (not run, so the CSP's script-src does not forbid it).
    expect(body.match(/<script\b[^>]*>/g)).toEqual([`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`]);
  });

  it("/ fetches the first card's photo from the head", async () => {
    const { body } = await app.inject('/');
    const head = body.slice(0, body.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="preload" as="image" href="/files/${photoCarId}-1-card.jpeg?v=3" fetchpriority="high">`,
    );
  });

  it('/car/{id} carries the ad as the API answers it, its title and its first photo', async () => {
    const res = await app.inject(`/car/${photoCarId}`);
    const answers = pageData(res.body)!;
    expect(answers).toEqual([
      { url: carUrl(String(photoCarId)), body: (await app.inject(carUrl(String(photoCarId)))).json() },
    ]);
    expect(res.body).toContain('<title>Saab &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- $&amp; $1');
    expect(res.body).toContain(
      `<link rel="preload" as="image" href="/files/${photoCarId}-1.jpeg?v=3" fetchpriority="high">`,
    );
  });

  it('/car/{id} of an ad without photos preloads no photo', async () => {
    const res = await app.inject(`/car/${plainCarId}/`);
    expect(pageData(res.body)).toHaveLength(1);
    expect(res.body).toContain('<title>Volvo V70 utan bild – 85');
    expect(res.body).not.toContain('rel="preload" as="image"');
  });

  it('other pages, filtered lists and unknown ads are the plain app', async () => {
    for (const url of ['/?make=volvo', '/car/999999', '/car/abc', '/search/volvo', '/saved/cars']) {
      const res = await app.inject(url);
      expect(pageData(res.body), url).toBeNull();
      expect(res.body, url).not.toContain('rel="preload"');
      expect(res.body, url).toContain('<title>Bilmarknaden</title>');
    }
  });

  it('compresses pages for browsers that accept it', async () => {
    // Each answer has its own snapshot time and style nonce.
    const sameSnapshot = (html: string) =>
      html.replace(/"x-list-as-of":"[^"]*"/, '"x-list-as-of":"T"').replace(/nonce="[^"]*"/, 'nonce="N"');
    const plain = sameSnapshot((await app.inject('/')).body);
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(sameSnapshot(brotliDecompressSync(br.rawPayload).toString())).toBe(plain);
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(sameSnapshot(gunzipSync(gz.rawPayload).toString())).toBe(plain);
  });
});

describe('acceptedEncoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding(['deflate', 'GZIP'])).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('the status of a page', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let carId: number;
  let removedId: number;
  let pendingId: number;

  /** The SPA's page, whatever its status: the app renders its own screen (the not-found one included). */
  const expectApp = (res: LightMyRequestResponse, url: string) => {
    expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    expect(res.body, url).toContain('<div id="root"></div>');
  };

  beforeAll(async () => {
    t = await createTestDatabase([identityMigrations, inventoryMigrations]);
    app = (await buildApp(testSettings(), { db: t.db })).app;
    // anna has ads but no account (an account removed with its ads left); pelle only a pending ad.
    const insert = async (status: string, username = 'anna') =>
      (
        await t.db.query<{ id: number }>(
          `INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type, transmission, drivetrain, fuel, username, status)
           VALUES ('Saab 9-5', 'Bra bil', 85000, 'Saab', '9-5', 2008, 21000, 170, 'grå', 'kombi', 'automat', 'fwd', 'bensin', $2, $1) RETURNING id`,
          [status, username],
        )
      ).rows[0]!.id;
    carId = await insert('active');
    pendingId = await insert('pending');
    removedId = await insert('active');
    await t.db.query('DELETE FROM inventory.cars WHERE id = $1', [removedId]);
    await insert('pending', 'pelle');
    // berit has an account and no ad.
    await t.db.query(
      `INSERT INTO identity.users (username, firstname, lastname, email, password_hash, street, housenumber, zipcode, city, country_code, phone)
       VALUES ('berit', 'Berit', 'Berg', 'berit@example.se', 'x', 'Storgatan', '12', '11122', 'Uppsala', '46', '0701234567')`,
    );
  });
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('200 for every screen of the app and an existing ad', async () => {
    for (const url of [
      '/',
      '/?make=volvo',
      `/car/${carId}`,
      `/car/${carId}/`,
      '/search',
      '/search/volvo%20v70',
      '/search/a%2Fb',
      '/user/anna',
      '/user/ANNA',
      '/user/berit',
      '/user/Berit/',
      '/browse/cars',
      '/saved/cars',
      '/new/car',
      `/edit/car/${carId}`,
      '/profile',
      '/signup',
      '/forgot-password',
      '/reset-password',
      '/settings',
      '/settings/',
      '/feedback',
      '/new/part',
      '/controlpanel',
      '/messages',
      '/messages/12',
      '/Saved/Cars',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expectApp(res, url);
    }
  });

  it('404 for a path that opens no screen, /notfound itself, and an ad that is removed, pending or never was', async () => {
    for (const url of [
      '/nope',
      '/no/such/page',
      '/car',
      '/car/',
      `/car/${carId}/photos`,
      '/search/a/b',
      '/messages/12/x',
      '/browse',
      '/forgot-password/x',
      '/favicon.ico',
      '/index.html',
      '/notfound',
      `/car/${removedId}`,
      `/car/${pendingId}`,
      '/car/999999',
      '/car/0',
      '/car/abc',
      '/car/12345678901',
      '/car/1%20',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expectApp(res, url);
      expect(res.body, url).toContain('<title>Bilmarknaden</title>');
      expect(pageData(res.body), url).toBeNull();
    }
    const head = await app.inject({ method: 'HEAD', url: `/car/${removedId}` });
    expect(head.statusCode).toBe(404);
    const br = await app.inject({ url: '/nope', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(404);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root"></div>');
  });

  it('404 for the edit page of an ad that is removed, pending or never was, as for the ad page', async () => {
    for (const url of [
      `/edit/car/${removedId}`,
      `/edit/car/${pendingId}`,
      '/edit/car/999999',
      '/edit/car/0',
      '/edit/car/abc',
      '/edit/car/12345678901',
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expectApp(res, url);
      expect(pageData(res.body), url).toBeNull();
    }
  });

  it("the edit page of an ad carries the ad for the form, without the ad's title or photo", async () => {
    const res = await app.inject(`/edit/car/${carId}`);
    expect(pageData(res.body)).toEqual([
      { url: carUrl(String(carId)), body: (await app.inject(carUrl(String(carId)))).json() },
    ]);
    expect(res.body).toContain('<title>Bilmarknaden</title>');
    expect(res.body).not.toContain('rel="preload"');
  });

  it('404 for the page of a seller with neither an account nor a visible ad', async () => {
    for (const url of ['/user/ghost', '/user/pelle', '/user/%20', `/user/${'x'.repeat(101)}`, '/user/a%00b']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expectApp(res, url);
      expect(pageData(res.body), url).toBeNull();
    }
  });

  it("a seller's page carries the public profile the app asks for, and never contact details", async () => {
    const res = await app.inject('/user/berit');
    const answers = pageData(res.body)!;
    expect(answers).toEqual([{ url: profileUrl('berit'), body: (await app.inject(profileUrl('berit'))).json() }]);
    expect(Object.keys(answers[0]!.body as object).sort()).toEqual([
      'firstname',
      'memberSince',
      'username',
      'verified',
    ]);
    for (const secret of ['berit@example.se', 'Berg', 'Storgatan', '11122', 'Uppsala', '0701234567'])
      expect(res.body).not.toContain(secret);
  });

  it("a page's path with a malformed percent-encoding gets the app with 400, not Fastify's JSON", async () => {
    for (const url of ['/search/%', '/search/%zz', '/search/%E0%A4%A', '/%', '/car/%ff', '/nope/%']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        // No hook ran for it: the security headers are set all the same, with the page's style nonce.
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(String(res.headers['content-security-policy']), url).toMatch(/style-src 'self' 'nonce-[^']+'/);
      }
      const res = await app.inject(url);
      expectApp(res, url);
      expect(res.body, url).not.toContain(url);
    }
  });

  it('the API, /files and /assets answer as before: JSON, never the app', async () => {
    for (const [method, url, status] of [
      ['GET', '/api/nope', 404],
      ['GET', '/api/inventory/nope', 404],
      ['GET', `/api/inventory/001/2001?carid=${removedId}`, 404],
      ['GET', '/files/nope.jpeg', 404],
      ['GET', `/files/${removedId}-1.jpeg`, 404],
      ['GET', '/assets/search-0ld.js', 404],
      ['GET', '/api/inventory/%', 400],
      ['GET', '/files/%ZZ', 400],
      ['POST', '/search/%', 400],
      ['POST', '/nope', 404],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ message: expect.any(String) });
      expect(String(res.headers['content-security-policy']), url).not.toContain('nonce-');
    }
  });

  it('every page answer has a style nonce of its own, in its policy and in the page', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/', `/car/${carId}`, '/nope', '/search/%']) {
      const res = await app.inject(url);
      const policy = String(res.headers['content-security-policy']);
      const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/]{22}==)'/.exec(policy)?.[1];
      expect(nonce, url).toBeDefined();
      expect(res.body, url).toContain(`<meta property="csp-nonce" nonce="${nonce}"></head>`);
      // Only style-src changes: script-src stays 'self' alone.
      expect(policy, url).toContain("script-src 'self';");
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(5);
  });
});
