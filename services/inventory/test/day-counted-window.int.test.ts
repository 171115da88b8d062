// Deep windows of the plain listing skip whole days by the counts of inventory.listing_days, then whole hours of one
// day by those of inventory.listing_hours. They must give
// exactly the rows of OFFSET over the listing, for every start, both orders and any snapshot, and the counts
// must follow every change of an ad (publish, edit of the date, delete, truncate) in the same transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { carsRepository, LIST_COLUMNS } from '@bilmarknaden/inventory/repositories/cars-repository';
import { dayCountedWindowSql } from '@bilmarknaden/inventory/repositories/day-counted-window';
import { parseListQuery } from '@bilmarknaden/inventory/services/search-query';
import { bulkSeed } from '@bilmarknaden/server/cli/bulk-seed';

const ADS = 300;
let db: Database;
let dispose: () => Promise<void>;

/** The reference: the listing read with a plain OFFSET. */
async function offsetIds(query: Record<string, string>): Promise<number[]> {
  const q = parseListQuery(query);
  const dir = q.order === 'desc' ? 'DESC' : 'ASC';
  const r = await db.query<{ id: number }>(
    `SELECT id FROM inventory.cars WHERE status = 'active' AND created <= $1
     ORDER BY created ${dir}, id ${dir} LIMIT $2 OFFSET $3`,
    [q.asOf.toISOString(), q.window.end - q.window.start, q.window.start],
  );
  return r.rows.map((row) => row.id);
}

async function dayCountedIds(query: Record<string, string>): Promise<number[]> {
  const built = dayCountedWindowSql(parseListQuery(query), LIST_COLUMNS, 0);
  if (!built) throw new Error('not a plain listing');
  const r = await db.query<{ id: number }>(built.sql, built.params);
  return r.rows.map((row) => row.id);
}

async function countsMatchRows(): Promise<void> {
  const kept = await db.query<{ day: string; active: number }>(
    `SELECT day::text, active FROM inventory.listing_days WHERE active > 0 ORDER BY day`,
  );
  const actual = await db.query<{ day: string; active: number }>(
    `SELECT (created AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS active
     FROM inventory.cars WHERE status = 'active' GROUP BY 1 ORDER BY 1`,
  );
  expect(kept.rows).toEqual(actual.rows);
  const keptHours = await db.query<{ hour: string; active: number }>(
    `SELECT hour::text, active FROM inventory.listing_hours WHERE active > 0 ORDER BY hour`,
  );
  const actualHours = await db.query<{ hour: string; active: number }>(
    `SELECT date_trunc('hour', created AT TIME ZONE 'UTC')::text AS hour, count(*)::int AS active
     FROM inventory.cars WHERE status = 'active' GROUP BY 1 ORDER BY 1`,
  );
  expect(keptHours.rows).toEqual(actualHours.rows);
}

/** Every window of `size` from 0 to past the end, compared with OFFSET. */
async function compareAllWindows(extra: Record<string, string>, size: number): Promise<number> {
  let compared = 0;
  for (let start = 0; start <= ADS + size; start += size) {
    const query = { ...extra, start: String(start), end: String(start + size) };
    expect(await dayCountedIds(query), JSON.stringify(query)).toEqual(await offsetIds(query));
    compared++;
  }
  return compared;
}

beforeAll(async () => {
  ({ db, dispose } = await createTestDatabase([identityMigrations, inventoryMigrations]));
  // As the bench seeds: the counting trigger is off during the load and every day is counted at its end.
  await bulkSeed(db, { ads: ADS, users: 3, photos: 'none', savedPerUser: 0, rebuildIndexes: true });
  // Several ads share a timestamp (ties are ordered by id) and many share a day.
  await db.query(`UPDATE inventory.cars SET created = date_trunc('hour', created) WHERE id % 7 = 0`);
}, 120_000);
afterAll(() => dispose());

describe('inventory.listing_days and listing_hours', () => {
  it('hold the number of visible ads of every day and hour after seeding and edits of the date', async () => {
    const days = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM inventory.listing_days`);
    expect(days.rows[0]!.n).toBeGreaterThan(30);
    const hours = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM inventory.listing_hours`);
    expect(hours.rows[0]!.n).toBeGreaterThan(days.rows[0]!.n);
    await countsMatchRows();
  });

  it('follows publishing, hiding and deleting ads', async () => {
    const cars = carsRepository(db);
    const ids = (await db.query<{ id: number }>(`SELECT id FROM inventory.cars ORDER BY id LIMIT 3`)).rows;
    await db.query(`UPDATE inventory.cars SET status = 'pending' WHERE id = $1`, [ids[0]!.id]);
    await countsMatchRows();
    await db.query(`UPDATE inventory.cars SET status = 'active', created = now() WHERE id = $1`, [ids[0]!.id]);
    await countsMatchRows();
    await cars.delete(ids[1]!.id);
    await countsMatchRows();
    await db.query(`UPDATE inventory.cars SET created = created - interval '40 days' WHERE id = $1`, [ids[2]!.id]);
    await countsMatchRows();
    await db.query(`UPDATE inventory.cars SET created = created + interval '20 minutes' WHERE id = $1`, [ids[2]!.id]);
    await countsMatchRows();
  });

  it('does not count a change that is rolled back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`DELETE FROM inventory.cars WHERE id IN (SELECT id FROM inventory.cars LIMIT 5)`);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await countsMatchRows();
  });
});

describe('a deep window counted by days and hours', () => {
  it('is the OFFSET window, newest first, for every start', async () => {
    expect(await compareAllWindows({}, 7)).toBeGreaterThan(40);
    expect(await compareAllWindows({}, 20)).toBeGreaterThan(10);
  });

  it('is the OFFSET window, oldest first, for every start', async () => {
    expect(await compareAllWindows({ orderBy: 'created', order: 'asc' }, 7)).toBeGreaterThan(40);
  });

  it('is the OFFSET window for a snapshot in the middle of a day and for an old snapshot', async () => {
    const mid = await db.query<{ t: Date }>(
      `SELECT created AS t FROM inventory.cars WHERE status = 'active' ORDER BY created DESC OFFSET 120 LIMIT 1`,
    );
    const asOf = new Date(mid.rows[0]!.t).toISOString();
    await compareAllWindows({ asOf }, 9);
    await compareAllWindows({ asOf, order: 'asc' }, 9);
    await compareAllWindows({ asOf: '2020-01-01T00:00:00.000Z' }, 50);
  });

  it('is the OFFSET window for a snapshot on the hour, ads at that very instant included', async () => {
    // The ads with id % 7 = 0 were moved to the start of their hour: a snapshot there cuts inside that hour.
    const onTheHour = await db.query<{ t: Date }>(
      `SELECT created AS t FROM inventory.cars
       WHERE status = 'active' AND id % 7 = 0 AND created = date_trunc('hour', created)
       ORDER BY created DESC OFFSET 10 LIMIT 1`,
    );
    const asOf = new Date(onTheHour.rows[0]!.t).toISOString();
    expect(asOf).toMatch(/T\d\d:00:00\.000Z$/);
    await compareAllWindows({ asOf }, 5);
    await compareAllWindows({ asOf, order: 'asc' }, 5);
  });

  it('is the OFFSET window for a snapshot in the middle of a busy day, ads published after it left out', async () => {
    // 40 ads on one day 10 minutes apart, the day counted whole in listing_days; snapshots after the 15th of them,
    // on that day and on the day after it (when that day holds the snapshot's own ads only).
    await db.query(
      `UPDATE inventory.cars c SET created = date_trunc('day', now() - interval '3 days') + n.i * interval '10 minutes'
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS i
             FROM (SELECT id FROM inventory.cars WHERE status = 'active' ORDER BY id DESC LIMIT 40) newest) n
       WHERE c.id = n.id`,
    );
    await countsMatchRows();
    const busy = await db.query<{ n: number }>(
      `SELECT active AS n FROM inventory.listing_days WHERE day = (now() - interval '3 days')::date`,
    );
    expect(busy.rows[0]!.n).toBeGreaterThanOrEqual(40);
    const day = await db.query<{ t: Date }>(
      `SELECT date_trunc('day', now() - interval '3 days') + interval '155 minutes' AS t`,
    );
    const asOf = new Date(day.rows[0]!.t).toISOString();
    expect(await compareAllWindows({ asOf }, 3)).toBeGreaterThan(90);
    await compareAllWindows({ asOf, order: 'asc' }, 13);
    await compareAllWindows({}, 13);
  });

  it('is the OFFSET window far into a day of more than 250 ads, where the hours are counted too', async () => {
    // 280 of the ads on one day, minutes apart over its hours: windows start up to 280 ads into that day.
    await db.query(
      `UPDATE inventory.cars c SET created = date_trunc('day', now() - interval '5 days') + n.i * interval '5 minutes'
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM inventory.cars WHERE status = 'active' AND id % 10 <> 0) n
       WHERE c.id = n.id`,
    );
    await countsMatchRows();
    const busy = await db.query<{ n: number }>(`SELECT max(active) AS n FROM inventory.listing_days`);
    expect(busy.rows[0]!.n).toBeGreaterThan(250);
    expect(await compareAllWindows({}, 7)).toBeGreaterThan(40);
    await compareAllWindows({ order: 'asc' }, 7);
    const day = await db.query<{ t: Date }>(
      `SELECT date_trunc('day', now() - interval '5 days') + interval '1000 minutes' AS t`,
    );
    const asOf = new Date(day.rows[0]!.t).toISOString();
    await compareAllWindows({ asOf }, 5);
    await compareAllWindows({ asOf, order: 'asc' }, 5);
  });

  it('leaves filtered, searched and other orders to the other shapes', () => {
    for (const query of [{ make: 'volvo' }, { searchterm: 'volvo' }, { orderBy: 'price' }, { priceMax: '100000' }]) {
      expect(dayCountedWindowSql(parseListQuery({ ...query, start: '5000' }), LIST_COLUMNS)).toBeNull();
    }
    expect(dayCountedWindowSql(parseListQuery({ start: '4999' }), LIST_COLUMNS)).toBeNull();
    expect(dayCountedWindowSql(parseListQuery({ start: '5000' }), LIST_COLUMNS)).not.toBeNull();
  });

  it('keeps giving the OFFSET window after ads are deleted and the table is emptied', async () => {
    await db.query(`DELETE FROM inventory.cars WHERE id % 5 = 0`);
    await countsMatchRows();
    await compareAllWindows({}, 11);
    await db.query(`TRUNCATE inventory.cars CASCADE`);
    await countsMatchRows();
    expect(await dayCountedIds({ start: '0', end: '20' })).toEqual([]);
  });
});
