import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MigrationSet } from './migrations.ts';
import { pglitePreparedQuery, postgresStatementNames, withCustomPlansOnly } from './prepared-statements.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'bm-prep-'));
writeFileSync(
  path.join(dir, '001-items.sql'),
  `CREATE SCHEMA prep;
   CREATE TABLE prep.items (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL UNIQUE);
   INSERT INTO prep.items (name) VALUES ('första'), ('andra');
   CREATE TABLE prep.wide (a integer);
   INSERT INTO prep.wide VALUES (1);`,
);
const sets: MigrationSet[] = [{ service: 'prep', dir }];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe(`prepared statements on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(sets);
  });
  afterAll(() => t.dispose());

  it('keeps a statement prepared and plans every execution for its own values', async () => {
    const sql = 'SELECT name FROM prep.items WHERE id = $1';
    const names: string[] = [];
    for (const id of [1, 2, 1, 2, 1, 2, 1]) names.push((await t.db.query<{ name: string }>(sql, [id])).rows[0]!.name);
    expect(names).toEqual(['första', 'andra', 'första', 'andra', 'första', 'andra', 'första']);
    // Sequential queries reuse the same pooled connection, whose session holds the statement.
    const kept = await t.db.query(
      'SELECT custom_plans, generic_plans FROM pg_prepared_statements WHERE statement = $1',
      [sql],
    );
    expect(kept.rows).toEqual([{ custom_plans: 7, generic_plans: 0 }]);
    expect((await t.db.query('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  });

  it('plans a statement asked to keep a generic plan once, and the next statement for its own values again', async () => {
    const generic = 'SELECT name FROM prep.items WHERE id = $1 AND name <> $2';
    const names: string[] = [];
    for (const id of [2, 1, 2]) {
      const r = await t.db.query<{ name: string }>(generic, [id, 'ingen'], { genericPlan: true });
      names.push(r.rows[0]!.name);
    }
    expect(names).toEqual(['andra', 'första', 'andra']);
    const custom = 'SELECT name FROM prep.items WHERE id = $1 AND name <> $2 AND id > 0';
    expect((await t.db.query(custom, [1, 'ingen'])).rows).toEqual([{ name: 'första' }]);
    const plans = await t.db.query(
      'SELECT statement, custom_plans, generic_plans FROM pg_prepared_statements WHERE statement = ANY($1) ORDER BY 1',
      [[generic, custom]],
    );
    expect(plans.rows).toEqual([
      { statement: generic, custom_plans: 0, generic_plans: 3 },
      { statement: custom, custom_plans: 1, generic_plans: 0 },
    ]);
    expect((await t.db.query('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  });

  it('runs a transaction with custom plans on a connection left in generic mode, and keeps that mode after it', async () => {
    const show = 'SHOW plan_cache_mode';
    expect((await t.db.query(show, [], { genericPlan: true })).rows).toEqual([
      { plan_cache_mode: 'force_generic_plan' },
    ]);
    const inside = await t.db.transaction((tx) => tx.query(show));
    expect(inside.rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    const failed = t.db.transaction(async (tx) => {
      await tx.query(show);
      throw new Error('avbryt');
    });
    await expect(failed).rejects.toThrow('avbryt');
    // The custom mode was the transaction's own: the connection is still in the mode last asked for.
    expect((await t.db.query(show, [], { genericPlan: true })).rows).toEqual([
      { plan_cache_mode: 'force_generic_plan' },
    ]);
    expect((await t.db.query(show)).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  });

  it('passes values and returns rows exactly as an unprepared query does', async () => {
    const sql = `SELECT $1::int AS i, $2::text AS t, $3::boolean AS b, $4::timestamptz AS ts, $5::text AS none,
      $6::jsonb AS j, $7::int[] AS arr, count(*) AS n, $8::numeric AS num FROM prep.items WHERE id = ANY($7::int[])`;
    const params = [42, 'å"\\\'', true, new Date('2026-11-21T10:00:00.123Z'), null, { a: [1, 'två'] }, [1, 2], 12.5];
    const prepared = await t.db.query(sql, params);
    const again = await t.db.query(sql, params);
    const plain = await t.db.transaction((tx) => tx.query(sql, params));
    expect(prepared).toEqual(plain);
    expect(again).toEqual(plain);
    expect(prepared.rows[0]).toMatchObject({ i: 42, t: 'å"\\\'', b: true, none: null, n: 2 });
    expect((prepared.rows[0] as { ts: Date }).ts.toISOString()).toBe('2026-11-21T10:00:00.123Z');
  });

  it('reports errors with their code and stays usable after them', async () => {
    await expect(t.db.query('SELEC name FROM prep.items')).rejects.toMatchObject({ code: '42601' });
    await expect(t.db.query('SELEC name FROM prep.items')).rejects.toMatchObject({ code: '42601' });
    const insert = 'INSERT INTO prep.items (name) VALUES ($1)';
    await expect(t.db.query(insert, ['första'])).rejects.toMatchObject({ code: '23505' });
    expect((await t.db.query(insert, ['tredje'])).rowCount).toBe(1);
    await expect(t.db.query(insert, ['tredje'])).rejects.toMatchObject({ code: '23505' });
    const r = await t.db.query<{ n: number }>('SELECT count(*) AS n FROM prep.items');
    expect(r.rows[0]!.n).toBe(3);
  });

  it('reads a table whose columns changed under a kept statement', async () => {
    const sql = 'SELECT * FROM prep.wide';
    expect((await t.db.query(sql)).rows).toEqual([{ a: 1 }]);
    expect((await t.db.query(sql)).rows).toEqual([{ a: 1 }]);
    await t.db.exec("ALTER TABLE prep.wide ADD COLUMN b text NOT NULL DEFAULT 'ny'");
    expect((await t.db.query(sql)).rows).toEqual([{ a: 1, b: 'ny' }]);
    expect((await t.db.query(sql)).rows).toEqual([{ a: 1, b: 'ny' }]);
  });
});

describe('prepared statements on PGlite: the statement list', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
  });
  afterAll(() => pg.close());

  it('closes the least recently used statement beyond its limit', async () => {
    const { query } = pglitePreparedQuery(pg, 2);
    for (const sql of ['SELECT 1', 'SELECT 2', 'SELECT 1', 'SELECT 3']) await query(sql);
    const r = await query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY statement');
    // 'SELECT 2' was the least recently used; 'SELECT 1' is closed with the next statement prepared.
    expect(r.rows.map((row) => row.statement)).toEqual([
      'SELECT 1',
      'SELECT 3',
      'SELECT statement FROM pg_prepared_statements ORDER BY statement',
    ]);
    expect((await query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    const after = await query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements');
    expect(after.rows[0]!.n).toBeLessThanOrEqual(3);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    const { query } = pglitePreparedQuery(pg);
    await pg.exec('CREATE TABLE t (x int)');
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const tx = pg
      .transaction(async (t) => {
        await t.query('INSERT INTO t VALUES (1)');
        inside();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('avbryt');
      })
      .catch((error: Error) => error.message);
    await started;
    const seen = await query<{ n: number }>('SELECT count(*)::int AS n FROM t');
    expect(seen.rows).toEqual([{ n: 0 }]);
    expect(await tx).toBe('avbryt');
  });

  it('lets the event loop turn between statements, so requests read meanwhile queue in arrival order', async () => {
    const { query } = pglitePreparedQuery(pg);
    await Promise.all([1, 2, 3].map((n) => query(`SELECT ${n}`)));
    // Counts the turns of the event loop (each turn is where the server reads requests that have arrived).
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const finished: number[] = [];
    await Promise.all([1, 2, 3].map((n) => query(`SELECT ${n}`).then(() => (finished[n - 1] = turns))));
    ticking = false;
    expect(finished[1]).toBeGreaterThan(finished[0]!);
    expect(finished[2]).toBeGreaterThan(finished[1]!);
  });

  it('refuses to run once the database is closed', async () => {
    const other = await PGlite.create();
    const { query } = pglitePreparedQuery(other);
    await query('SELECT 1');
    await other.close();
    await expect(query('SELECT 1')).rejects.toThrow(/closed/);
  });
});

describe('prepared statement names for node-postgres', () => {
  it('names the first texts up to the limit, the same name each time, and renames a forgotten text', () => {
    const names = postgresStatementNames(2);
    const a = names.name('SELECT 1');
    expect(a).toMatch(/^bm_/);
    expect(names.name('SELECT 1')).toBe(a);
    const b = names.name('SELECT 2');
    expect(b).not.toBe(a);
    expect(names.name('SELECT 3')).toBeUndefined();
    names.forget('SELECT 1');
    const renamed = names.name('SELECT 1');
    expect(renamed).toMatch(/^bm_/);
    expect([a, b]).not.toContain(renamed);
  });
});

describe('connection strings with custom plans only', () => {
  it('adds the startup option and keeps options the string already has', () => {
    const plain = new URL(withCustomPlansOnly('postgres://u@db:5432/app'));
    expect(plain.searchParams.get('options')).toBe('-c plan_cache_mode=force_custom_plan');
    const own = new URL(withCustomPlansOnly('postgres://u@db/app?sslmode=require&options=-c%20search_path%3Dx'));
    expect(own.searchParams.get('options')).toBe('-c search_path=x -c plan_cache_mode=force_custom_plan');
    expect(own.searchParams.get('sslmode')).toBe('require');
  });
});
