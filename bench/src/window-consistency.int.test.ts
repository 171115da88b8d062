// Paging through a list with start/end windows while new ads are published: does the reader see every ad that
// was there when it started exactly once? Windows are OFFSET/LIMIT over (created DESC, id DESC) and a new ad
// gets created = now(), i.e. it lands at the top and pushes every later window down by one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { carsRepository } from '@bilmarknaden/inventory/repositories/cars-repository';
import { parseListQuery } from '@bilmarknaden/inventory/services/search-query';
import { bulkSeed } from '@bilmarknaden/server/cli/bulk-seed';
import type { ValidAd } from '@bilmarknaden/shared/validation/new-ad';

const EXISTING = 200;
const PAGE = 20;
let db: Database;
let dispose: () => Promise<void>;

const newAd: ValidAd = {
  title: 'Nyinlagd Volvo V70',
  description: 'Publicerad medan någon bläddrar.',
  price: 99_000,
  make: 'Volvo',
  model: 'V70',
  year: 2014,
  milage: 15_000,
  hp: 150,
  color: 'svart',
  type: 'kombi',
  transmission: 'manuell',
  drivetrain: 'fwd',
  fuel: 'diesel',
};

beforeAll(async () => {
  ({ db, dispose } = await createTestDatabase([identityMigrations, inventoryMigrations]));
  await bulkSeed(db, { ads: EXISTING, users: 3, photos: 'none', savedPerUser: 0 });
}, 120_000);
afterAll(() => dispose());

/** Publishes an ad the way the ad service does: pending row, then active with created = now(). */
async function publish(): Promise<number> {
  const cars = carsRepository(db);
  const id = await cars.insertPending(newAd, 'bench1');
  await cars.activate(id, 0);
  return id;
}

/** Reads every window of `query` in turn, publishing `perWindow` ads between two windows. */
async function pageThrough(query: Record<string, string>, perWindow: number) {
  const cars = carsRepository(db);
  const before = new Set((await cars.list(parseListQuery({ ...query, start: '0', end: '100' }))).map((c) => c.id));
  // The list may be longer than one window of 100: read the rest of the starting set too.
  for (let start = 100; before.size === start; start += 100) {
    for (const c of await cars.list(parseListQuery({ ...query, start: String(start), end: String(start + 100) }))) {
      before.add(c.id);
    }
  }
  const seen: number[] = [];
  const published: number[] = [];
  for (let start = 0; ; start += PAGE) {
    const page = await cars.list(parseListQuery({ ...query, start: String(start), end: String(start + PAGE) }));
    seen.push(...page.map((c) => c.id));
    if (page.length < PAGE) break;
    for (let i = 0; i < perWindow; i++) published.push(await publish());
  }
  const counts = new Map<number, number>();
  for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
  return {
    before,
    repeated: [...counts].filter(([, n]) => n > 1).map(([id]) => id),
    skipped: [...before].filter((id) => !counts.has(id)),
    published,
  };
}

describe('paging through windows', () => {
  it('without writes, the windows cover the list exactly once', async () => {
    const r = await pageThrough({}, 0);
    expect(r.before.size).toBeGreaterThanOrEqual(EXISTING);
    expect(r.repeated).toEqual([]);
    expect(r.skipped).toEqual([]);
  });

  it('while ads are published, no ad that was there is skipped (newest first)', async () => {
    const r = await pageThrough({}, 2);
    expect(r.skipped).toEqual([]);
  });

  it('while ads are published, oldest first neither repeats nor skips (new ads only join at the end)', async () => {
    const r = await pageThrough({ orderBy: 'created', order: 'asc' }, 2);
    expect(r.skipped).toEqual([]);
    expect(r.repeated).toEqual([]);
  });

  // KNOWN DEFECT (issue 8 report): with plain OFFSET windows on created DESC every ad published between two
  // windows pushes the list down by one, so the next window starts with the last ad(s) of the previous one —
  // 2 ads published per window → the first 2 ads of every later window repeat. A fix is a snapshot parameter
  // (e.g. `asOf` = the first window's time: WHERE created <= asOf) or keyset windows. When fixed, drop `.fails`.
  it.fails('while ads are published, newest first never repeats an ad (fails today: offset windows)', async () => {
    const r = await pageThrough({}, 2);
    expect(r.repeated).toEqual([]);
  });
});
