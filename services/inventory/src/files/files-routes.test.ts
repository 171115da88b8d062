import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../storage/local-storage.ts';
import { FILE_NOT_FOUND_MESSAGE, filesRoutes } from './files-routes.ts';

let root: string;
let app: FastifyInstance;
let photo: Buffer;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'bilmarknaden-files-'));
  const storage = new LocalFileStorage(path.join(root, 'files'));
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c00' } })
    .jpeg()
    .toBuffer();
  await storage.put('42-1.jpeg', photo, 'image/jpeg');
  await storage.put('42-1-card.jpeg', photo.subarray(0, 100), 'image/jpeg');
  // A file next to the photo folder that no request may reach.
  await writeFile(path.join(root, 'secret.txt'), 'TOP-SECRET-CONTENT');
  app = Fastify();
  await app.register(filesRoutes, { prefix: '/files', storage });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

describe('GET /files/:name', () => {
  it('streams a photo with safe, long-cached headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/files/42-1.jpeg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-length']).toBe(String(photo.length));
    expect(res.headers.etag).toMatch(/^".+"$/);
    expect(res.rawPayload.equals(photo)).toBe(true);
  });

  it('serves the card variant and ignores the version query', async () => {
    const res = await app.inject({ method: 'GET', url: '/files/42-1-card.jpeg?v=3' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(100);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/files/42-1.jpeg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-length']).toBe(String(photo.length));
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers 304 when the ETag matches', async () => {
    const first = await app.inject({ method: 'GET', url: '/files/42-1.jpeg' });
    const etag = first.headers.etag as string;
    const res = await app.inject({ method: 'GET', url: '/files/42-1.jpeg', headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    const other = await app.inject({ method: 'GET', url: '/files/42-1.jpeg', headers: { 'if-none-match': '"x"' } });
    expect(other.statusCode).toBe(200);
  });

  it.each([
    '/files/42-2.jpeg',
    '/files/43-1-card.jpeg',
    '/files/42-1.jpg',
    '/files/42-9.jpeg',
    '/files/secret.txt',
    '/files/..%2fsecret.txt',
    '/files/..%2f..%2fetc%2fpasswd',
    '/files/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/files/42-1.jpeg%00',
    '/files/42-1.jpeg%2f..',
    '/files/42-1.jpeg/',
    '/files/a/42-1.jpeg',
    '/files/',
    '/files',
  ])('answers 404 for %s', async (url) => {
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
      storage: {
        put: async () => undefined,
        get: async () => {
          throw new Error('bucket unreachable at 10.0.0.1');
        },
        delete: async () => undefined,
        list: async function* () {},
      },
    });
    const res = await failing.inject({ method: 'GET', url: '/files/1-1.jpeg' });
    expect(res.statusCode).toBe(500);
    await failing.close();
  });
});
