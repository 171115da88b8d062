// Paging through a list with start/end windows while new ads are published: does the reader see every ad that
// was there when it started exactly once? Windows are OFFSET/LIMIT over (created DESC, id DESC) and a new ad
// gets created = now(), i.e. it lands at the top and pushes every later window down by one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { carListingsRepository } from '@bilmarknaden/inventory/repositories/car-listings-repository';
import { carsRepository } from '@bilmarknaden/inventory/repositories/cars-repository';
import { parseListQuery } from '@bilmarknaden/inventory/services/search-query';
import { bulkSeed } from '@bilmarknaden/server/cli/bulk-seed';
import {
  registrationNumberAt,
  TEST_REGISTRATION_NUMBERS_FROM,
} from '@bilmarknaden/shared/validation/registration-number';
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
  kommun: null,
  equipment: [],
};

beforeAll(async () => {
  ({ db, dispose } = await createTestDatabase([identityMigrations, inventoryMigrations]));
  await bulkSeed(db, { ads: EXISTING, users: 3, photos: 'none', savedPerUser: 0 });
}, 120_000);
afterAll(() => dispose());

let published = 0;

/** Publishes an ad the way the ad service does: pending row, then active with created = now(). */
async function publish(): Promise<number> {
  const cars = carsRepository(db);
  const id = await cars.insertPending(newAd, 'bench1', {
    registrationNumber: registrationNumberAt(TEST_REGISTRATION_NUMBERS_FROM + published++),
    facts: null,
  });
  await cars.activate(id, 0);
  return id;
}

/**
 * Reads every window of `query` in turn, publishing `perWindow` ads between two windows. With `snapshot` the
 * later windows send the first window's snapshot as `asOf` (what the API answers in X-List-As-Of); without it
 * every window takes its own snapshot (now), as plain offset windows did.
 */
async function pageThrough(query: Record<string, string>, perWindow: number, snapshot = false) {
  const cars = carListingsRepository(db);
  const before = new Set((await cars.list(parseListQuery({ ...query, start: '0', end: '100' }))).map((c) => c.id));
  // The list may be longer than one window of 100: read the rest of the starting set too.
  for (let start = 100; before.size === start; start += 100) {
    for (const c of await cars.list(parseListQuery({ ...query, start: String(start), end: String(start + 100) }))) {
      before.add(c.id);
    }
  }
  const seen: number[] = [];
  const published: number[] = [];
  let asOf: string | undefined;
  for (let start = 0; ; start += PAGE) {
    const q = parseListQuery({ ...query, ...(asOf ? { asOf } : {}), start: String(start), end: String(start + PAGE) });
    // The first window's snapshot, as the route sends it in X-List-As-Of.
    if (snapshot) asOf ??= q.asOf.toISOString();
    const page = await cars.list(q);
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

  // Plain OFFSET windows on created DESC: every ad published between two windows pushes the list down by one,
  // so the next window would start with the last ad(s) of the previous one. The snapshot (`asOf` = the first
  // window's X-List-As-Of, i.e. WHERE created <= asOf) keeps every window of the listing on the same set.
  it('while ads are published, newest first with the first window’s asOf neither repeats nor skips', async () => {
    const r = await pageThrough({}, 2, true);
    expect(r.repeated).toEqual([]);
    expect(r.skipped).toEqual([]);
    expect(r.published.length).toBeGreaterThan(0);
  });

  it('while ads are published, oldest first with the first window’s asOf neither repeats nor skips', async () => {
    const r = await pageThrough({ orderBy: 'created', order: 'asc' }, 2, true);
    expect(r.repeated).toEqual([]);
    expect(r.skipped).toEqual([]);
  });
});
