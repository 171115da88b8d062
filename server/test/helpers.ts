import { randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { loadSettings, type Settings } from '../src/settings.ts';
import { PGLITE_TEMPLATE_ENV } from './setup-env.ts';

export function tempDir(prefix = 'bm-server-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/**
 * A fresh DATA_DIR whose database is a copy of the migrated PGlite folder global-setup.ts made: a server starting on
 * it skips initdb, which takes seconds. Without that folder (a run without the setup), an empty DATA_DIR.
 */
export function migratedDataDir(): string {
  const dir = tempDir();
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (template) cpSync(template, path.join(dir, 'db'), { recursive: true });
  return dir;
}

/** A stand-in for the built SPA: an index.html and one hashed asset. */
export function fakeWebDist(): string {
  const dir = tempDir('bm-web-');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="sv"><head><title>Bilmarknaden</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  return dir;
}

/** app.inject registers every test user from 127.0.0.1: a registration limit the suites never reach. */
const UNREACHED_REGISTRATION_LIMIT = '1000000';

/**
 * The suite keeps every core busy, where idle-class photo workers would wait for a free one: workers at normal
 * priority here (the idle class itself is tested in photo-worker-pool.test.ts).
 */
export const TEST_PHOTO_WORKER_PRIORITY = { PHOTO_WORKER_PRIORITY: 'normal' };

export function testSettings(overrides: Record<string, string> = {}): Settings {
  return loadSettings(
    {
      DATA_DIR: tempDir(),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST: fakeWebDist(),
      REGISTRATION_RATE_LIMIT: UNREACHED_REGISTRATION_LIMIT,
      ...TEST_PHOTO_WORKER_PRIORITY,
      ...overrides,
    },
    { port: 0, repoRoot: process.cwd() },
  );
}

/** A token identity issued `secondsAgo` seconds ago for `username`, signed with its key (revocation tests). */
export function earlierToken(privateKey: KeyObject, username: string, secondsAgo = 120, role = 1): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
    .setSubject(username)
    .setIssuer('bilmarknaden-identity')
    .setAudience('bilmarknaden')
    .setIssuedAt(now - secondsAgo)
    .setExpirationTime(now + 3000)
    .setJti(randomUUID())
    .sign(privateKey);
}
