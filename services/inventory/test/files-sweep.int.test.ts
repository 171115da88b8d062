import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@bilmarknaden/db/testing';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { parseSweepArgs, sweepFiles } from '../src/cli/files-sweep.ts';
import { inventoryMigrations } from '../src/migrations.ts';
import { fileRemovalsRepository } from '../src/repositories/file-removals-repository.ts';
import { PENDING_GRACE_MS } from '../src/services/startup-cleanup.ts';
import { countRows, insertCar, MemoryStorage } from './inventory-helpers.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase([inventoryMigrations]);
});
afterAll(() => t.dispose());

const photoFiles = (id: number, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => [`${id}-${from + i}-card.jpeg`, `${id}-${from + i}.jpeg`]).flat();

async function storeWith(keys: string[]): Promise<MemoryStorage> {
  const storage = new MemoryStorage();
  for (const key of keys) await storage.put(key, Buffer.from('x'), 'image/jpeg');
  return storage;
}

describe('npm run files:sweep', () => {
  it('lists the store: deletes files without an ad and the files beyond an ad’s photo count', async () => {
    const complete = await insertCar(t.db, { imageCount: 2 });
    const surplus = await insertCar(t.db, { imageCount: 1 });
    const pending = await insertCar(t.db, { status: 'pending' });
    const gone = 99_999_000;
    const storage = await storeWith([
      ...photoFiles(complete, 1, 2),
      ...photoFiles(surplus, 1, 3),
      ...photoFiles(pending, 1, 1),
      `${gone}-1.jpeg`,
      `${gone}-3-card.jpeg`,
      '9999999999-1.jpeg', // beyond any ad id
    ]);
    storage.files.set('README.txt', { data: Buffer.from('x'), contentType: 'text/plain' });

    const result = await sweepFiles(t.db, storage, { pendingGraceMs: 0 });
    expect(result).toEqual({ listed: 15, orphanFiles: 3, adsBeyondCount: 1, fileRemovals: 1, fileRemovalsLeft: 0 });
    expect(storage.keys()).toEqual(
      [...photoFiles(complete, 1, 2), ...photoFiles(surplus, 1, 1), ...photoFiles(pending, 1, 1), 'README.txt'].sort(),
    );
    expect(await countRows(t.db, 'inventory.file_removals')).toBe(0);
  });

  it('on PostgreSQL, by default, leaves the files beyond the count recorded until the entry is 15 minutes old', async () => {
    const ad = await insertCar(t.db, { imageCount: 1 });
    const storage = await storeWith(photoFiles(ad, 1, 2));
    const result = await sweepFiles(t.db, storage);
    const pglite = t.db.engine === 'pglite';
    expect(result.adsBeyondCount).toBe(1);
    expect(storage.keys()).toEqual((pglite ? photoFiles(ad, 1, 1) : photoFiles(ad, 1, 2)).sort());
    const later = await sweepFiles(t.db, storage, { now: () => new Date(Date.now() + PENDING_GRACE_MS + 60_000) });
    expect(later.adsBeyondCount).toBe(0); // settled (PGlite) or already recorded (PostgreSQL)
    expect(storage.keys()).toEqual(photoFiles(ad, 1, 1).sort());
    expect(await countRows(t.db, 'inventory.file_removals')).toBe(0);
  });

  it('does not record an ad that already has an entry (an update may be writing its photos)', async () => {
    const ad = await insertCar(t.db, { imageCount: 1 });
    await fileRemovalsRepository(t.db).add(ad, 2); // a fresh entry: an update in progress on another replica
    const storage = await storeWith(photoFiles(ad, 1, 3));
    const result = await sweepFiles(t.db, storage, { pendingGraceMs: PENDING_GRACE_MS });
    expect(result.adsBeyondCount).toBe(0);
    expect(storage.keys()).toEqual(photoFiles(ad, 1, 3).sort());
    await sweepFiles(t.db, storage, { pendingGraceMs: 0 });
    expect(storage.keys()).toEqual(photoFiles(ad, 1, 1).sort());
  });

  it('--dry-run counts and changes nothing', async () => {
    const ad = await insertCar(t.db, { imageCount: 1 });
    const keys = [...photoFiles(ad, 1, 2), '88888888-1.jpeg'];
    const storage = await storeWith(keys);
    const result = await sweepFiles(t.db, storage, { dryRun: true, pendingGraceMs: 0 });
    expect(result).toEqual({ listed: 5, orphanFiles: 1, adsBeyondCount: 1, fileRemovals: 0, fileRemovalsLeft: 0 });
    expect(storage.keys()).toEqual(keys.sort());
    expect(await countRows(t.db, 'inventory.file_removals')).toBe(0);
  });

  it('reads its arguments', () => {
    expect(parseSweepArgs([])).toEqual({ dryRun: false });
    expect(parseSweepArgs(['--dry-run'])).toEqual({ dryRun: true });
    expect(parseSweepArgs(['--dry-run', 'x'])).toBeNull();
    expect(parseSweepArgs(['--force'])).toBeNull();
  });
});

describe('files:sweep as a command', () => {
  const script = new URL('../src/cli/files-sweep.ts', import.meta.url).pathname;
  const run = (args: string[], dataDir: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '' };
      execFile(process.execPath, ['--import', 'tsx', script, ...args], { env }, (err, stdout, stderr) =>
        resolve({ code: err ? (err.code as number) : 0, stdout, stderr }),
      );
    });

  it('sweeps the folder of DATA_DIR (PGlite) and refuses unknown arguments', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'inventory-sweep-'));
    try {
      await mkdir(path.join(dataDir, 'files'));
      for (const name of ['5-1.jpeg', '5-1-card.jpeg', 'notes.txt']) {
        await writeFile(path.join(dataDir, 'files', name), 'x');
      }
      const bad = await run(['--all'], dataDir);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('Usage: npm run files:sweep');

      const swept = await run([], dataDir);
      expect(swept.code, swept.stderr).toBe(0);
      expect(swept.stdout).toContain('2 files without an ad deleted');
      expect((await readdir(path.join(dataDir, 'files'))).filter((f) => f !== '.tmp')).toEqual(['notes.txt']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
