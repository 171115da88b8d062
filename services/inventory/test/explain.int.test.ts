// Every list query can use an index: the SQL the routes really send is recorded and EXPLAINed.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { inventoryApp } from '../src/app.ts';
import { inventoryMigrations } from '../src/migrations.ts';
import { BASE, createTokenKit, MemoryStorage } from './inventory-helpers.ts';

let db: Database;
let dispose: () => Promise<void>;
let app: FastifyInstance;
let auth: Record<string, string>;
const recorded: { sql: string; params: readonly unknown[] }[] = [];

beforeAll(async () => {
  ({ db, dispose } = await createTestDatabase([inventoryMigrations]));
  await db.exec(`
    INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type, transmission,
      drivetrain, fuel, username, status, created)
    SELECT 'Bil nummer ' || g, 'En fin bil med dragkrok ' || g, (g * 7919) % 500000, (ARRAY['Volvo','Saab','Audi','Kia'])[1 + g % 4],
      (ARRAY['V70','XC60','9-3','A4'])[1 + g % 4], 1990 + g % 30, (g * 31) % 30000, 60 + g % 300, 'svart', 'kombi',
      'manuell', 'fwd', 'diesel', 'user' || (g % 50), CASE WHEN g % 10 = 0 THEN 'pending' ELSE 'active' END,
      now() - g * interval '1 minute'
    FROM generate_series(1, 2000) g;
    INSERT INTO inventory.saved_cars (username, car_id) SELECT 'user1', id FROM inventory.cars WHERE id % 7 = 0;
    -- Other users save ads too, as on a live site: user1's rows are a small share of the table.
    INSERT INTO inventory.saved_cars (username, car_id)
    SELECT 'user' || u, id FROM inventory.cars, generate_series(2, 60) u WHERE id % 7 = u % 7;
    INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type, transmission,
      drivetrain, fuel, username, status)
    SELECT 'Koenigsegg Regera', 'Sällsynt hyperbil', 9000000, 'Koenigsegg', 'Regera', 2020, 100, 1500, 'vit', 'coupé',
      'automat', 'rwd', 'el / hybrid', 'rare', 'active'
    FROM generate_series(1, 3);
    ANALYZE inventory.cars;
    ANALYZE inventory.saved_cars;
  `);
  const recording: Database = {
    ...db,
    query: (sql, params) => {
      recorded.push({ sql, params: params ?? [] });
      return db.query(sql, params);
    },
  };
  const tokens = await createTokenKit();
  auth = { authorization: `Bearer ${await tokens.sign('user1')}` };
  app = Fastify({ logger: false });
  await app.register(inventoryApp, {
    prefix: BASE,
    db: recording,
    storage: new MemoryStorage(),
    verifyToken: tokens.verifyToken,
    docs: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await dispose();
});

/** The plan of the cars query a request sends. */
async function planOf(url: string, headers: Record<string, string> = {}): Promise<string> {
  recorded.length = 0;
  const res = await app.inject({ method: 'GET', url: `${BASE}${url}`, headers });
  expect(res.statusCode).toBe(200);
  const query = recorded.find((q) => /^\s*(SELECT|WITH)\b/i.test(q.sql) && q.sql.includes('inventory.cars'));
  expect(query).toBeDefined();
  return db.transaction(async (tx) => {
    // The test table is tiny, so the planner would rightly prefer a sequential scan; turning it off shows
    // whether an index CAN serve the query (if none could, the plan would still hold a Seq Scan).
    await tx.query('SET LOCAL enable_seqscan = off');
    const r = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query!.sql}`, query!.params);
    return r.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

const usesCarsIndex = (plan: string) =>
  /(Index Scan|Index Only Scan|Bitmap Index Scan)[^\n]* (using|on) cars_\w+/.test(plan);

describe('EXPLAIN of the list queries', () => {
  it.each([
    ['/001/2003', 'cars_created_idx'],
    ['/001/2003?orderBy=created&order=asc', 'cars_created_idx'],
    ['/001/2003?orderBy=price&order=asc', 'cars_price_idx'],
    ['/001/2003?orderBy=price&order=desc', 'cars_price_idx'],
    ['/001/2003?orderBy=year', 'cars_year_idx'],
    ['/001/2003?orderBy=milage&order=asc', 'cars_milage_idx'],
    ['/001/2003?orderBy=hp', 'cars_hp_idx'],
    ['/001/2003?make=volvo&model=xc60', 'cars_make_model_created_idx'],
  ])('%s reads %s in order, without a Sort or Seq Scan', async (url, index) => {
    const plan = await planOf(url);
    expect(plan).toContain(index);
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it.each([
    '/001/2003?make=volvo',
    '/001/2003?make=volvo&model=xc60&orderBy=price&order=asc',
    '/001/2003?trans=manuell&fuel=diesel&type=kombi&color=svart&drivetrain=fwd',
    '/001/2003?priceMin=1000&priceMax=2000&yearMin=2000&yearMax=2010&milageMax=1000',
    '/001/2003?searchterm=volvo',
    '/001/2003?searchterm=volv',
    '/001/2003?searchterm=xc6',
    '/001/2003?searchterm=dragkrokar',
    '/001/2003?searchterm=volvo%20dragkrok&orderBy=price',
    '/001/2003?searchterm=v7&make=volvo',
    // Words of the option fields (migration 018): every ad here is a manual diesel estate.
    '/001/2003?searchterm=diesel',
    '/001/2003?searchterm=volvo%20diesel%20kombi&orderBy=price',
    '/001/2003?searchterm=manuell&orderBy=hp&order=asc',
    '/001/2002?username=user3',
    '/001/2001?carid=17',
  ])('%s uses an index on cars and no Seq Scan', async (url) => {
    const plan = await planOf(url);
    expect(usesCarsIndex(plan), plan).toBe(true);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  // Index-only scans need the visibility map: the table is vacuumed once (these tests only read it).
  describe('deep windows after VACUUM', () => {
    beforeAll(() => db.exec('VACUUM ANALYZE inventory.cars'));

    // A deep window of another order finds its ids by walking that order's index past `start` rows; the index
    // holds the visibility and snapshot columns, so the rows skipped are not read from the table (migration 013).
    it.each([
      ['price', 'asc'],
      ['price', 'desc'],
      ['year', 'desc'],
      ['milage', 'asc'],
      ['hp', 'desc'],
    ])('a deep window by %s %s skips its rows in an index-only scan', async (orderBy, order) => {
      const plan = await planOf(`/001/2003?orderBy=${orderBy}&order=${order}&start=980&end=1000`);
      expect(plan).toMatch(new RegExp(`Index Only Scan[^\\n]* using cars_${orderBy}_idx`));
      expect(plan).not.toMatch(/Seq Scan/);
    });

    // A deep window of a filtered list tests its option and range filters in the order's index too (migration 015):
    // the walk past `start` reads no ad from the table, whichever order.
    it.each(['created', 'price', 'year', 'milage', 'hp'])(
      'a deep filtered window by %s skips its rows in an index-only scan',
      async (orderBy) => {
        const filters = 'fuel=diesel&priceMax=450000&yearMin=1995&milageMax=29000';
        const plan = await planOf(`/001/2003?orderBy=${orderBy}&order=desc&${filters}&start=980&end=1000`);
        expect(plan, plan).toMatch(new RegExp(`Index Only Scan( Backward)? using cars_${orderBy}_idx`));
        expect(plan).not.toMatch(/Seq Scan/);
      },
    );

    // Narrow filters on the option attributes are looked up by their combinations (migration 014), also when the
    // window starts past their last match: no walk over every ad, no scan of the table.
    it.each([
      '/001/2003?trans=automat&fuel=diesel&type=kombi&color=svart&drivetrain=fwd&start=980&end=1000',
      '/001/2003?type=coupé&color=vit&start=980&end=1000',
    ])('%s reads cars_option_combination_idx', async (url) => {
      const plan = await planOf(url);
      expect(plan).toContain('cars_option_combination_idx');
      expect(plan).not.toMatch(/Seq Scan/);
    });
  });

  // A common word is found fastest by walking the sort index; a rare one through the search indexes.
  it.each(['koenigsegg', 'koenig', 'hyperbilar', 'regera sällsynt', 'koenigségg', 'automat', 'bakhjulsdrift'])(
    'rare search %j reads the GIN indexes',
    async (term) => {
      const plan = await planOf(`/001/2003?searchterm=${encodeURIComponent(term)}`);
      expect(plan).toMatch(/Bitmap Index Scan on cars_search(_text_trgm)?_idx/);
      expect(plan).not.toMatch(/Seq Scan/);
    },
  );

  it('saved list uses the saved_cars index and the cars primary key', async () => {
    const plan = await planOf('/001/3002', auth);
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toMatch(/saved_cars_(pkey|user_saved_idx)/);
  });
});
