// The bulk seed of `npm run seed` / `npm run bench`: N valid visible ads, photos that exist, users, saved ads.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { verifyPassword } from '@bilmarknaden/identity/services/password-hasher';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { LocalFileStorage } from '@bilmarknaden/inventory/storage/local-storage';
import { failingRules } from '@bilmarknaden/shared/validation/rules';
import { newAdRules, normalizeNewAd } from '@bilmarknaden/shared/validation/new-ad';
import { BENCH_PASSWORD, benchUser, bulkSeed, type BulkSeedResult } from './bulk-seed.ts';
import { parseSeedArgs } from './seed.ts';

let db: Database;
let dispose: () => Promise<void>;
let dataDir: string;
let result: BulkSeedResult;
let indexesBefore: string[];

const indexDefs = async () =>
  (
    await db.query<{ def: string }>(
      `SELECT indexdef AS def FROM pg_indexes WHERE schemaname = 'inventory' AND tablename = 'cars' ORDER BY indexname`,
    )
  ).rows.map((r) => r.def);

beforeAll(async () => {
  ({ db, dispose } = await createTestDatabase([identityMigrations, inventoryMigrations]));
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bm-seed-test-'));
  indexesBefore = await indexDefs();
  result = await bulkSeed(db, {
    ads: 300,
    users: 4,
    savedPerUser: 5,
    batchSize: 128,
    photos: 'link',
    photoViews: 1,
    // Small, so the test also covers a pool file being replaced by a fresh copy when it has enough links.
    linksPerFile: 20,
    storage: new LocalFileStorage(path.join(dataDir, 'files')),
    // Exercised on a small N too: the indexes are dropped for the load and built again.
    rebuildIndexes: true,
  });
}, 120_000);

afterAll(async () => {
  await dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('bulkSeed', () => {
  it('inserts N visible ads that pass the new-ad rules', async () => {
    expect(result.ads).toBe(300);
    const rows = await db.query<Record<string, unknown>>(
      `SELECT * FROM inventory.cars WHERE id BETWEEN $1 AND $2 ORDER BY id`,
      [result.firstId, result.lastId],
    );
    expect(rows.rows).toHaveLength(300);
    for (const row of rows.rows) {
      expect(row.status).toBe('active');
      expect(failingRules(newAdRules, normalizeNewAd(row))).toEqual([]);
      expect(row.image_count).toBeGreaterThanOrEqual(1);
      expect(row.image_count).toBeLessThanOrEqual(8);
      expect(String(row.search).length).toBeGreaterThan(0);
    }
    const sellers = new Set(rows.rows.map((r) => r.username));
    expect([...sellers].every((u) => /^bench[1-4]$/.test(String(u)))).toBe(true);
    const makes = new Set(rows.rows.map((r) => r.make));
    expect(makes.size).toBeGreaterThan(10);
  });

  it('gives every ad the photos its image_count claims, full and card, as real files', async () => {
    const rows = await db.query<{ id: number; image_count: number }>(
      'SELECT id, image_count FROM inventory.cars ORDER BY id',
    );
    let files = 0;
    for (const { id, image_count } of rows.rows) {
      for (let n = 1; n <= image_count; n++) {
        for (const key of [`${id}-1-${n}.jpeg`, `${id}-1-${n}-card.jpeg`]) {
          const s = await stat(path.join(dataDir, 'files', key));
          expect(s.isFile()).toBe(true);
          files++;
        }
      }
      // Nothing beyond the count.
      await expect(stat(path.join(dataDir, 'files', `${id}-1-${image_count + 1}.jpeg`))).rejects.toThrow();
    }
    expect(files).toBe(result.photoFiles);
    const jpeg = await readFile(path.join(dataDir, 'files', `${rows.rows[0]!.id}-1-1.jpeg`));
    expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
    // Hard links to the pool, none beyond the budget per inode.
    const first = await stat(path.join(dataDir, 'files', `${rows.rows[0]!.id}-1-1.jpeg`));
    expect(first.nlink).toBeGreaterThan(1);
    expect(first.nlink).toBeLessThanOrEqual(21);
  });

  it('creates the bench users with the bench password, and their saved ads', async () => {
    const users = await db.query<{ username: string; email: string; password_hash: string }>(
      `SELECT username, email, password_hash FROM identity.users WHERE username LIKE 'bench%' ORDER BY username`,
    );
    expect(users.rows.map((u) => u.username)).toEqual(['bench1', 'bench2', 'bench3', 'bench4']);
    expect(users.rows[0]!.email).toBe(benchUser(1).email);
    expect(await verifyPassword(users.rows[0]!.password_hash, BENCH_PASSWORD)).toBe(true);
    const saved = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM inventory.saved_cars s JOIN inventory.cars c ON c.id = s.car_id
       WHERE s.username LIKE 'bench%' AND c.status = 'active'`,
    );
    expect(saved.rows[0]!.n).toBe(result.saved);
    expect(result.saved).toBeGreaterThan(10);
  });

  it('leaves the indexes of inventory.cars exactly as the migrations made them', async () => {
    expect(await indexDefs()).toEqual(indexesBefore);
  });

  it('adds to what is there on a second run (no duplicate users)', async () => {
    const second = await bulkSeed(db, { ads: 10, users: 4, savedPerUser: 1, photos: 'none' });
    expect(second.firstId).toBeGreaterThan(result.lastId);
    const counts = await db.query<{ ads: number; users: number; photoless: number }>(
      `SELECT (SELECT count(*)::int FROM inventory.cars) AS ads,
              (SELECT count(*)::int FROM identity.users WHERE username LIKE 'bench%') AS users,
              (SELECT count(*)::int FROM inventory.cars WHERE image_count = 0) AS photoless`,
    );
    expect(counts.rows[0]).toEqual({ ads: 310, users: 4, photoless: 10 });
  });

  it('gives every ad a registration number of its own, never one of the test range, with its facts', async () => {
    const numbers = await db.query<{ n: number; distinct: number; tests: number; facts: number; same: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT registration_number)::int AS distinct,
              count(*) FILTER (WHERE registration_number LIKE 'Z%')::int AS tests,
              count(vehicle_facts)::int AS facts,
              count(*) FILTER (WHERE vehicle_facts->>'registrationNumber' = registration_number
                                 AND vehicle_facts->>'model' = model)::int AS same
         FROM inventory.cars`,
    );
    expect(numbers.rows[0]).toEqual({ n: 310, distinct: 310, tests: 0, facts: 310, same: 310 });
  });
});

describe('parseSeedArgs', () => {
  it('reads the options', () => {
    expect(parseSeedArgs(['--ads', '100_000', '--users', '5', '--photos', 'none'])).toEqual({
      ads: 100_000,
      users: 5,
      photos: 'none',
    });
  });
  it.each([
    [[]],
    [['--ads']],
    [['--ads', '-1']],
    [['--ads', '10', '--photos', 'symlink']],
    [['--ads', '10', '--saved', '101']],
    [['--bogus', '1']],
  ])('refuses %j', (argv) => {
    expect(() => parseSeedArgs(argv)).toThrow();
  });
});
