import { randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { loadSettings, type Settings } from '../src/settings.ts';

export function tempDir(prefix = 'bm-server-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
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

export function testSettings(overrides: Record<string, string> = {}): Settings {
  return loadSettings(
    {
      DATA_DIR: tempDir(),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST: fakeWebDist(),
      REGISTRATION_RATE_LIMIT: UNREACHED_REGISTRATION_LIMIT,
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
