import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import type { Car } from '@bilmarknaden/shared/api-types';
import { inventoryMigrations } from '../src/migrations.ts';
import { BASE, buildTestApp, insertCar, type TestApp } from './inventory-helpers.ts';

// The ad's page judges by its cell's figures, which the server keeps and drops as migration 013 tells it of changes
// (decision 038, third amendment): a cell is read once, and every write is seen by the next read.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// Registered only in the PostgreSQL leg: PGlite is one connection in one process, with no other process to write.
const onPostgresOnly = (onPostgres ? it : () => undefined) as typeof it;

let t: TestApp;
let db: Database;
let dispose: () => Promise<void>;
/** The statements that read a cell's figures. */
const cellReads: unknown[][] = [];
beforeAll(async () => {
  ({ db, dispose } = await createTestDatabase([inventoryMigrations]));
  const counted: Database = {
    ...db,
    query: (sql, params) => {
      if (sql.includes('FROM inventory.price_ranges WHERE cell')) cellReads.push([...(params ?? [])]);
      return db.query(sql, params);
    },
  };
  t = await buildTestApp({ db: counted });
});
afterAll(async () => {
  await t.close();
  await dispose();
});

const judgement = async (id: number) => {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}/001/2001?carid=${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Car>().priceJudgement!;
};
const saab = (model: string, price: number, via: Database = db) =>
  insertCar(via, { make: 'Saab', model, year: 2010, milage: 20_500, price });
const PRICES = [90_000, 95_000, 100_000, 105_000, 110_000, 115_000, 120_000, 125_000, 130_000];

describe('the cells the ad page judges by', () => {
  it('are read once, kept, and read again after a write changes them', async () => {
    const [first, second] = await Promise.all(PRICES.map((p) => saab('9-3', p)));
    expect((await judgement(first!)).comparables).toBe(8);
    expect(cellReads).toHaveLength(1);
    // Another ad of the cell: judged from the kept figures.
    expect((await judgement(second!)).comparables).toBe(8);
    expect(cellReads).toHaveLength(1);

    // A new comparable, written by this process: the next read sees it.
    await saab('9-3', 100_000);
    expect((await judgement(first!)).comparables).toBe(9);
    expect(cellReads).toHaveLength(2);
    expect((await judgement(second!)).comparables).toBe(9);
    expect(cellReads).toHaveLength(2);

    // Sold through the API: one fewer at once.
    const owner = await t.auth('seller');
    const res = await t.app.inject({ method: 'PUT', url: `${BASE}/cars/${second}/sold`, headers: owner });
    expect(res.statusCode, res.body).toBe(200);
    expect((await judgement(first!)).comparables).toBe(8);
  });

  it('are rebuilt from scratch with every kept cell dropped', async () => {
    const ids = await Promise.all(PRICES.map((p) => saab('9-5', p)));
    expect((await judgement(ids[0]!)).comparables).toBe(8);
    await db.exec(`DELETE FROM inventory.price_ranges`);
    await db.exec('SELECT inventory.rebuild_price_statistics()');
    const reads = cellReads.length;
    expect((await judgement(ids[0]!)).comparables).toBe(8);
    expect(cellReads.length).toBe(reads + 1);
  });

  onPostgresOnly("follow another process's writes once its notification arrives", async () => {
    const ids = await Promise.all(PRICES.map((p) => saab('900', p)));
    expect((await judgement(ids[0]!)).comparables).toBe(8);
    const database = (await db.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    const otherDb = {
      query: async (sql: string, params?: readonly unknown[]) => {
        const r = await other.query(sql, params as unknown[]);
        return { rows: r.rows, rowCount: r.rowCount ?? 0 };
      },
    } as Database;
    await saab('900', 110_000, otherDb);
    await vi.waitFor(async () => expect((await judgement(ids[0]!)).comparables).toBe(9));

    // Every connection of the server lost while another process writes: nothing told is heard, so the server
    // drops every kept cell once it listens again.
    await other.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    await saab('900', 112_000, otherDb);
    await vi.waitFor(async () => {
      // A pooled connection that died is dropped when it fails.
      await db.query('SELECT 1');
    });
    expect((await judgement(ids[0]!)).comparables).toBe(10);
    await other.end();
  });
});
