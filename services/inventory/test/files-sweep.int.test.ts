import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@bilmarknaden/db/testing';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { parseSweepArgs, sweepFiles } from '../src/cli/files-sweep.ts';
import { inventoryMigrations } from '../src/migrations.ts';
import { fileRemovalsRepository } from '../src/repositories/file-removals-repository.ts';
import { PENDING_GRACE_MS } from '../src/services/startup-cleanup.ts';
import { countRows, insertCar } from './inventory-helpers.ts';
import { createPhotoStorage, versionFiles, type TestPhotoStorage } from './photo-storage.ts';

let t: TestDatabase;
let storage: TestPhotoStorage;
let disposeStorage: () => Promise<void>;
beforeAll(async () => {
  t = await createTestDatabase([inventoryMigrations]);
});
afterAll(() => t.dispose());
beforeEach(async () => {
  ({ storage, dispose: disposeStorage } = await createPhotoStorage());
});
afterEach(() => disposeStorage());

async function store(keys: string[]): Promise<void> {
  for (const key of keys) await storage.put(key, Buffer.from('x'), 'image/jpeg');
}

describe('npm run files:sweep', () => {
  it('lists the store and deletes the files no row or record accounts for', async () => {
    const complete = await insertCar(t.db, { imageCount: 2, imageVersion: 5 });
    const pending = await insertCar(t.db, { status: 'pending' });
    const writing = await insertCar(t.db, { imageCount: 1 });
    const gone = 99_999_000;
    const inFlight = (await fileRemovalsRepository(t.db).startVersion(writing, 'seller'))!;
    await store([
      ...versionFiles(complete, 5, 2),
      `${complete}-5-3.jpeg`, // beyond the count
      ...versionFiles(complete, 4, 2), // a replaced version a crash left unrecorded
      ...versionFiles(pending, 1, 1),
      ...versionFiles(writing, 1, 1),
      ...versionFiles(writing, inFlight, 2), // a replacement under way
      `${gone}-1-1.jpeg`,
      `${gone}-1-3-card.jpeg`,
      '9999999999-1-1.jpeg', // beyond any ad id
    ]);
    await writeFile(path.join(storage.dir, 'README.txt'), 'x');

    const result = await sweepFiles(t.db, storage, { pendingGraceMs: PENDING_GRACE_MS });
    expect(result).toEqual({ listed: 20, strayFiles: 8, fileRemovals: 0, fileRemovalsLeft: 0 });
    expect(await storage.keys()).toEqual(
      [
        ...versionFiles(complete, 5, 2),
        ...versionFiles(pending, 1, 1),
        ...versionFiles(writing, 1, 1),
        ...versionFiles(writing, inFlight, 2),
      ].sort(),
    );
    expect(await readdir(storage.dir)).toContain('README.txt');

    // Once the grace period is over the replacement is taken for one a crash left: its record is settled.
    const later = await sweepFiles(t.db, storage, { now: () => new Date(Date.now() + PENDING_GRACE_MS + 60_000) });
    expect(later).toMatchObject({ strayFiles: 0, fileRemovals: 1 });
    expect(await storage.keysOf(writing)).toEqual(versionFiles(writing, 1, 1));
    expect(await countRows(t.db, 'inventory.file_removals')).toBe(0);
  });

  it('--dry-run counts and changes nothing', async () => {
    const ad = await insertCar(t.db, { imageCount: 1 });
    const keys = [...versionFiles(ad, 1, 2), '88888888-1-1.jpeg'];
    await store(keys);
    const result = await sweepFiles(t.db, storage, { dryRun: true, pendingGraceMs: 0 });
    expect(result).toEqual({ listed: 5, strayFiles: 3, fileRemovals: 0, fileRemovalsLeft: 0 });
    expect(await storage.keys()).toEqual(keys.sort());
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
      for (const name of ['5-1-1.jpeg', '5-1-1-card.jpeg', 'notes.txt']) {
        await writeFile(path.join(dataDir, 'files', name), 'x');
      }
      const bad = await run(['--all'], dataDir);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('Usage: npm run files:sweep');

      const swept = await run([], dataDir);
      expect(swept.code, swept.stderr).toBe(0);
      expect(swept.stdout).toContain('2 files no ad accounts for deleted');
      expect((await readdir(path.join(dataDir, 'files'))).filter((f) => f !== '.tmp')).toEqual(['notes.txt']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
