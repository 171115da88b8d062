// The plans the REAL planner picks for the list/filter/search shapes, on realistic seeded data after ANALYZE
// (services/inventory/test/explain.int.test.ts proves an index CAN serve each shape with seq scans turned
// off; this adds the benchmark's shapes and every sort order with a filter or a search, as chosen for real).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { buildListSql } from '@bilmarknaden/inventory/repositories/cars-repository';
import { parseListQuery } from '@bilmarknaden/inventory/services/search-query';
import { bulkSeed } from '@bilmarknaden/server/cli/bulk-seed';
import { ORDER_BY_VALUES } from '@bilmarknaden/shared/constants';

const ADS = 5000;
let db: Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ db, dispose } = await createTestDatabase([identityMigrations, inventoryMigrations]));
  // Ends with VACUUM ANALYZE: the planner knows the table's real size and distributions.
  await bulkSeed(db, { ads: ADS, users: 20, photos: 'none', savedPerUser: 5 });
}, 180_000);
afterAll(() => dispose());

type Build = (q: ReturnType<typeof parseListQuery>) => { sql: string; params: unknown[] };

async function plan(query: Record<string, string>, build: Build = buildListSql): Promise<string> {
  const { sql, params } = build(parseListQuery(query));
  const r = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
  return r.rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** A value written into SQL, for EXECUTE of a prepared statement (test values only: text, numbers, booleans). */
const literal = (v: unknown) => (typeof v === 'string' ? `'${v.replaceAll("'", "''")}'` : String(v));

/** The plan PostgreSQL keeps for every execution of a statement asked for a generic plan (decision 025). */
async function genericPlan(query: Record<string, string>): Promise<string> {
  const { sql, params } = buildListSql(parseListQuery(query));
  return db.transaction(async (tx) => {
    await tx.exec('SET LOCAL plan_cache_mode = force_generic_plan');
    await tx.exec(`PREPARE list_shape AS ${sql}`);
    try {
      const r = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN EXECUTE list_shape(${params.map(literal).join(', ')})`,
      );
      return r.rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await tx.exec('DEALLOCATE list_shape');
    }
  });
}

/** A Sort whose input (the lines indented below it) reads all of inventory.cars sequentially. */
function sortsWholeTable(text: string): boolean {
  const lines = text.split('\n');
  return lines.some((line, i) => {
    if (!/->\s+Sort\b|^\s*Sort\b/.test(line)) return false;
    const indent = line.search(/\S/);
    for (const below of lines.slice(i + 1)) {
      if (below.search(/\S/) <= indent) break;
      if (/Seq Scan on cars\b/.test(below)) return true;
    }
    return false;
  });
}

const usesCarsIndex = (text: string) =>
  /(Index Scan|Index Only Scan|Bitmap Index Scan)( Backward)? (using|on) (cars_\w+)/.test(text);

// The benchmark's scenarios, the deepest allowed window among them.
const BENCH_SHAPES: Record<string, string>[] = [
  {},
  { start: '980', end: '1000' },
  { make: 'volvo', fuel: 'diesel', priceMin: '50000', priceMax: '200000', orderBy: 'price', order: 'asc' },
  { searchterm: 'dragkrok' },
  { searchterm: 'volv' },
];

// Every sort order and direction, each with a text filter, a range, a common word and a partial word.
const ORDERED_SHAPES: Record<string, string>[] = ORDER_BY_VALUES.flatMap((orderBy) =>
  (['asc', 'desc'] as const).flatMap((order): Record<string, string>[] => [
    { orderBy, order },
    { orderBy, order, fuel: 'diesel' },
    { orderBy, order, make: 'volvo' },
    { orderBy, order, priceMin: '100000', priceMax: '150000' },
    { orderBy, order, yearMin: '2015', milageMax: '5000' },
    { orderBy, order, searchterm: 'dragkrok' },
    { orderBy, order, searchterm: 'volv' },
    { orderBy, order, searchterm: 'panoramaglastak backkamera', trans: 'automat' },
    // Words found in the option fields and a folded accent (inventory migration 018).
    { orderBy, order, searchterm: 'volvo diesel' },
    { orderBy, order, searchterm: 'citroen automat' },
  ]),
);

describe(`real plans of the list shapes on ${ADS} seeded ads`, () => {
  it.each([...BENCH_SHAPES, ...ORDERED_SHAPES].map((q) => [new URLSearchParams(q).toString() || '(page 1)', q]))(
    '%s reads an index of cars and never sorts a sequential scan of the table',
    async (_name, query) => {
      const text = await plan(query as Record<string, string>);
      expect(usesCarsIndex(text), text).toBe(true);
      expect(sortsWholeTable(text), text).toBe(false);
      expect(text, text).not.toMatch(/Seq Scan on cars\b/);
    },
  );

  it('a deep window reads the skipped rows from the sort index only (deferred join), not from the table', async () => {
    const text = await plan({ start: '980', end: '1000' });
    expect(text, text).toMatch(/Index Only Scan Backward using cars_created_idx/);
  });

  // On a large table the plan walks it in price order with no Sort at all (bench: 100,000 ads, 0.1 ms); on
  // this small one the planner may rightly fetch the few matches by bitmap and sort those.
  it('make + price range sorted by price reads the make/price index', async () => {
    const text = await plan(BENCH_SHAPES[2]!);
    expect(text, text).toMatch(/(Index Scan|Bitmap Index Scan)( Backward)? (using|on) cars_make_price_idx/);
  });

  // Browsing a make (the menu's 'Bilar' links) in any order: read in that order from an index of the make's own
  // (migrations 004, 016 and 017), not by walking every make's ads in the order's index until the make's turn.
  it.each(
    ORDER_BY_VALUES.flatMap((orderBy) =>
      (['desc', 'asc'] as const).map(
        (order) => [{ make: 'volvo', orderBy, order }, `cars_make_${orderBy}_idx`] as const,
      ),
    ),
  )('%j reads %s in order', async (query, index) => {
    const text = await plan(query);
    const backward = query.order === 'desc' ? ' Backward' : '';
    expect(text, text).toMatch(new RegExp(`Index Scan${backward} using ${index}`));
    expect(text, text).not.toMatch(/\bSort\b/);
  });

  // The listing's first window keeps one plan for all values (decision 025): it must be the walk of the order's
  // index that the values' own plans choose, at any size.
  const VALUE_FREE_SHAPES: Record<string, string>[] = ORDER_BY_VALUES.flatMap((orderBy) =>
    (['asc', 'desc'] as const).flatMap((order): Record<string, string>[] => [
      { orderBy, order },
      { orderBy, order, end: '100' },
    ]),
  );
  it.each(VALUE_FREE_SHAPES.map((q) => [new URLSearchParams(q).toString(), q]))(
    '%s: its generic plan reads an index in order and never the whole table',
    async (_name, query) => {
      const q = query as Record<string, string>;
      expect(buildListSql(parseListQuery(q)).genericPlan).toBe(true);
      const text = await genericPlan(q);
      expect(usesCarsIndex(text), text).toBe(true);
      expect(text, text).not.toMatch(/\bSort\b|Seq Scan on cars\b|Bitmap Heap Scan on cars\b/);
      expect(text, text).toContain(`cars_${q.orderBy}_idx`);
    },
  );

  // A generic plan of these expected a tenth of the matches and chose a scan of the whole table (deep windows),
  // or would ignore how many ads a word or a range matches.
  it.each(
    [
      { start: '500', end: '520', orderBy: 'price' },
      { start: '20', end: '40' },
      // A generic plan of a make's listing fetched all the make's ads by bitmap and sorted them.
      { make: 'volvo' },
      { make: 'volvo', start: '20', end: '40' },
      ...ORDERED_SHAPES.filter((q) => Object.keys(q).length > 2),
      BENCH_SHAPES[2]!,
    ].map((q) => [new URLSearchParams(q).toString(), q]),
  )('%s is planned for its own values', (_name, query) => {
    expect(buildListSql(parseListQuery(query as Record<string, string>)).genericPlan).toBe(false);
  });

  it('the detector itself finds a Sort over a Seq Scan', async () => {
    const r = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM inventory.cars ORDER BY description LIMIT 20`,
    );
    expect(sortsWholeTable(r.rows.map((x) => x['QUERY PLAN']).join('\n'))).toBe(true);
  });
});
