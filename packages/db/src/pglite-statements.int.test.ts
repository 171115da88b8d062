import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from './database.ts';
import type { MigrationSet } from './migrations.ts';
import { keptStatements } from './pglite-statements.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'bm-kept-'));
const ITEMS = `CREATE SCHEMA kept;
   CREATE TABLE kept.items (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL UNIQUE);
   INSERT INTO kept.items (name) VALUES ('första'), ('andra');
   CREATE TABLE kept.wide (a integer);
   INSERT INTO kept.wide VALUES (1);`;
writeFileSync(path.join(dir, '001-items.sql'), ITEMS);
const sets: MigrationSet[] = [{ service: 'kept', dir }];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// The same answers whether a statement is kept prepared (PGlite, PostgreSQL outside transactions) or not.
describe(`kept statements on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(sets);
  });
  afterAll(() => t.dispose());

  it('prepares a statement once and binds it for each execution', async () => {
    const sql = 'SELECT name FROM kept.items WHERE id = $1';
    const names: string[] = [];
    for (const id of [1, 2, 1, 2, 1, 2, 1]) names.push((await t.db.query<{ name: string }>(sql, [id])).rows[0]!.name);
    expect(names).toEqual(['första', 'andra', 'första', 'andra', 'första', 'andra', 'första']);
    if (onPostgres) return; // a pool spreads the executions over its connections
    const kept = await t.db.query<{ n: number }>(
      'SELECT custom_plans + generic_plans AS n FROM pg_prepared_statements WHERE statement = $1',
      [sql],
    );
    expect(kept.rows).toEqual([{ n: 7 }]);
  });

  it('passes values and returns rows exactly as an unprepared query does', async () => {
    const sql = `SELECT $1::int AS i, $2::text AS t, $3::boolean AS b, $4::timestamptz AS ts, $5::text AS none,
      $6::jsonb AS j, $7::int[] AS arr, count(*) AS n, $8::numeric AS num FROM kept.items WHERE id = ANY($7::int[])`;
    const params = [42, 'å"\\\'', true, new Date('2026-11-21T10:00:00.123Z'), null, { a: [1, 'två'] }, [1, 2], 12.5];
    const prepared = await t.db.query(sql, params);
    const again = await t.db.query(sql, params);
    const plain = await t.db.transaction((tx) => tx.query(sql, params));
    expect(prepared).toEqual(plain);
    expect(again).toEqual(plain);
    expect(prepared.rows[0]).toMatchObject({ i: 42, t: 'å"\\\'', b: true, none: null, n: 2, arr: [1, 2] });
    expect((prepared.rows[0] as { ts: Date }).ts.toISOString()).toBe('2026-11-21T10:00:00.123Z');
  });

  it('reports errors with their code and stays usable after them', async () => {
    await expect(t.db.query('SELEC name FROM kept.items')).rejects.toMatchObject({ code: '42601' });
    const insert = 'INSERT INTO kept.items (name) VALUES ($1)';
    await expect(t.db.query(insert, ['första'])).rejects.toMatchObject({ code: '23505' });
    expect((await t.db.query(insert, ['tredje'])).rowCount).toBe(1);
    await expect(t.db.query(insert, ['tredje'])).rejects.toMatchObject({ code: '23505' });
    const r = await t.db.query<{ n: number }>('SELECT count(*) AS n FROM kept.items');
    expect(r.rows[0]!.n).toBe(3);
  });

  it('reads a table whose columns changed under a kept statement', async () => {
    const sql = 'SELECT * FROM kept.wide';
    expect((await t.db.query(sql)).rows).toEqual([{ a: 1 }]);
    await t.db.exec("ALTER TABLE kept.wide ADD COLUMN b text NOT NULL DEFAULT 'ny'");
    expect((await t.db.query(sql)).rows).toEqual([{ a: 1, b: 'ny' }]);
    expect((await t.db.query(sql)).rows).toEqual([{ a: 1, b: 'ny' }]);
  });

  it('runs a query that arrives during a transaction after it, not inside it', async () => {
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const tx = t.db.transaction(async (q) => {
      await q.query("INSERT INTO kept.items (name) VALUES ('återkallad')");
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('avbryt');
    });
    await started;
    const seen = t.db.query<{ n: number }>("SELECT count(*) AS n FROM kept.items WHERE name = 'återkallad'");
    await expect(tx).rejects.toThrow('avbryt');
    expect((await seen).rows[0]!.n).toBe(0);
  });
});

describe('kept statements on PGlite: the statement list', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
  });
  afterAll(() => pg.close());

  it('closes the least recently used statement beyond its limit', async () => {
    const { query } = keptStatements(pg, 2);
    for (const sql of ['SELECT 1', 'SELECT 2', 'SELECT 1', 'SELECT 3']) await query(sql);
    const list = 'SELECT statement FROM pg_prepared_statements ORDER BY statement';
    const r = await query<{ statement: string }>(list);
    // 'SELECT 2' was the least recently used; 'SELECT 1' is closed with the next statement prepared.
    expect(r.rows.map((row) => row.statement)).toEqual(['SELECT 1', 'SELECT 3', list]);
    expect((await query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    const after = await query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements');
    expect(after.rows[0]!.n).toBeLessThanOrEqual(3);
  });
});

// PGlite on either leg: PostgreSQL chooses its own plans (decision 031).
describe('kept statements on PGlite: plans', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({});
    await db.exec(ITEMS);
  });
  afterAll(() => db.close());
  const plans = (sql: string) =>
    db.query('SELECT custom_plans, generic_plans FROM pg_prepared_statements WHERE statement = $1', [sql]);

  it('plans each execution for its values unless asked to keep a generic plan', async () => {
    const custom = 'SELECT name FROM kept.items WHERE id = $1';
    const generic = 'SELECT name FROM kept.items WHERE id = $1 AND id > 0';
    for (const id of [1, 2, 1, 2, 1, 2, 1]) {
      await db.query(custom, [id]);
      await db.query(generic, [id], { genericPlan: true });
    }
    expect((await plans(custom)).rows).toEqual([{ custom_plans: 7, generic_plans: 0 }]);
    expect((await plans(generic)).rows).toEqual([{ custom_plans: 0, generic_plans: 7 }]);
  });

  it('runs a transaction after a generic statement with custom plans', async () => {
    const show = 'SHOW plan_cache_mode';
    expect((await db.query(show, [], { genericPlan: true })).rows).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
    expect((await db.transaction((tx) => tx.query(show))).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    expect((await db.query(show)).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  });
});
