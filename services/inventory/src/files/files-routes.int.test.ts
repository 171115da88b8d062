import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { insertCar } from '../../test/inventory-helpers.ts';
import { inventoryMigrations } from '../migrations.ts';
import { LocalFileStorage } from '../storage/local-storage.ts';
import { FILE_NOT_FOUND_MESSAGE, filesRoutes } from './files-routes.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let root: string;
let db: Database;
let dispose: () => Promise<void>;
let app: FastifyInstance;
let photo: Buffer;
/** An ad at photo version 3 with two photos, a pending ad and an ad at version 1 with one photo. */
let ad: number;
let pending: number;
let fresh: number;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'bilmarknaden-files-'));
  ({ db, dispose } = await createTestDatabase([inventoryMigrations]));
  const storage = new LocalFileStorage(path.join(root, 'files'));
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c00' } })
    .jpeg()
    .toBuffer();
  ad = await insertCar(db, { imageCount: 2, imageVersion: 3 });
  pending = await insertCar(db, { imageCount: 1, status: 'pending' });
  fresh = await insertCar(db, { imageCount: 1 });
  for (const n of [1, 2]) {
    await storage.put(`${ad}-3-${n}.jpeg`, photo, 'image/jpeg');
    await storage.put(`${ad}-3-${n}-card.jpeg`, photo.subarray(0, 100), 'image/jpeg');
  }
  // The replaced version's files, a file beyond the count, and files of the pending and the fresh ad.
  await storage.put(`${ad}-1-1.jpeg`, Buffer.from('old'), 'image/jpeg');
  await storage.put(`${ad}-3-3.jpeg`, photo, 'image/jpeg');
  await storage.put(`${pending}-1-1.jpeg`, photo, 'image/jpeg');
  await storage.put(`${fresh}-1-1.jpeg`, photo.subarray(0, 200), 'image/jpeg');
  // A file next to the photo folder that no request may reach.
  await writeFile(path.join(root, 'secret.txt'), 'TOP-SECRET-CONTENT');
  app = Fastify();
  await app.register(filesRoutes, { prefix: '/files', db, storage });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await dispose();
  await rm(root, { recursive: true, force: true });
});

describe('GET /files/:name', () => {
  it("streams the current version's photo at the specification's name, with safe headers", async () => {
    const res = await app.inject({ method: 'GET', url: `/files/${ad}-1.jpeg?v=3` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-length']).toBe(String(photo.length));
    expect(res.headers.etag).toMatch(/^".+"$/);
    expect(res.rawPayload.equals(photo)).toBe(true);
  });

  it('serves the card variant', async () => {
    const res = await app.inject({ method: 'GET', url: `/files/${ad}-2-card.jpeg?v=3` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(100);
  });

  it('caches for a year only when ?v= names the current version (none: version 1)', async () => {
    for (const url of [`/files/${ad}-1.jpeg`, `/files/${ad}-1.jpeg?v=1`, `/files/${ad}-1.jpeg?v=2`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.rawPayload.equals(photo), url).toBe(true);
    }
    const first = await app.inject({ method: 'GET', url: `/files/${fresh}-1.jpeg` });
    expect(first.headers['cache-control']).toBe(IMMUTABLE);
    expect(first.rawPayload.length).toBe(200);
    const later = await app.inject({ method: 'GET', url: `/files/${fresh}-1.jpeg?v=2` });
    expect(later.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: `/files/${ad}-1.jpeg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-length']).toBe(String(photo.length));
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers 304 when the ETag matches', async () => {
    const first = await app.inject({ method: 'GET', url: `/files/${ad}-1.jpeg` });
    const etag = first.headers.etag as string;
    const res = await app.inject({ method: 'GET', url: `/files/${ad}-1.jpeg`, headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    const other = await app.inject({ method: 'GET', url: `/files/${ad}-1.jpeg`, headers: { 'if-none-match': '"x"' } });
    expect(other.statusCode).toBe(200);
  });

  it.each([
    () => `/files/${ad}-3.jpeg`,
    () => `/files/${ad}-3-1.jpeg`,
    () => `/files/${ad}-1-1.jpeg`,
    () => `/files/${pending}-1.jpeg`,
    () => '/files/99999-1-card.jpeg',
    () => '/files/99999999999-1.jpeg',
    () => `/files/${ad}-1.jpg`,
    () => `/files/${ad}-9.jpeg`,
    () => `/files/${ad}-0.jpeg`,
    () => '/files/secret.txt',
    () => '/files/..%2fsecret.txt',
    () => '/files/..%2f..%2fetc%2fpasswd',
    () => '/files/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    () => `/files/${ad}-1.jpeg%00`,
    () => `/files/${ad}-1.jpeg%2f..`,
    () => `/files/${ad}-1.jpeg/`,
    () => `/files/a/${ad}-1.jpeg`,
    () => '/files/',
    () => '/files',
  ])('answers 404 for beyond the count, a replaced version, a pending ad and bad names (%#)', async (makeUrl) => {
    const url = makeUrl();
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      if (method === 'GET') expect(res.json()).toEqual({ message: FILE_NOT_FOUND_MESSAGE });
      expect(res.headers['cache-control']).not.toContain('immutable');
      expect(res.payload).not.toContain('TOP-SECRET');
    }
  });

  it.each(['/files/../secret.txt', '/files/..\\secret.txt', '/files/../files/../secret.txt'])(
    'never serves a file outside the folder for %s (the URL leaves /files: 404 from the server)',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.payload).not.toContain('TOP-SECRET');
    },
  );

  it('answers 500 without details when the store fails', async () => {
    const failing = Fastify();
    await failing.register(filesRoutes, {
      prefix: '/files',
      db,
      storage: {
        put: async () => undefined,
        get: async () => {
          throw new Error('bucket unreachable at 10.0.0.1');
        },
        delete: async () => undefined,
        list: async function* () {},
      },
    });
    const res = await failing.inject({ method: 'GET', url: `/files/${ad}-1.jpeg` });
    expect(res.statusCode).toBe(500);
    await failing.close();
  });
});
