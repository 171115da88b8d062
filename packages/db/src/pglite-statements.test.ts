// PGlite keeps each statement text prepared and sends its values as literals (decision 047): the values must come
// back exactly, never end their literal, and PostgreSQL's own plan choice must be able to keep a generic plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';

describe('PGlite statements kept prepared', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({});
    await db.exec(
      "CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL, tags text[], data bytea); INSERT INTO items VALUES (1, 'första', NULL, NULL)",
    );
  });
  afterAll(() => db.close());

  it('prepares a statement once and lets PostgreSQL keep a generic plan for it', async () => {
    const sql = 'SELECT name FROM items WHERE id = $1';
    for (let i = 0; i < 10; i++) expect((await db.query(sql, [1])).rows).toEqual([{ name: 'första' }]);
    const kept = await db.query<{ generic_plans: number; custom_plans: number }>(
      'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE $1',
      [`%${sql}`],
    );
    expect(kept.rows).toHaveLength(1);
    expect(Number(kept.rows[0]!.generic_plans)).toBeGreaterThan(0);
  });

  it('returns every value exactly as sent, quotes and backslashes included, and runs nothing else', async () => {
    const hostile = ["x'); DELETE FROM items; --", "\\'; DROP TABLE items; --", '\\\\', "E'\\x41'", 'å\n\t"'];
    const insert = 'INSERT INTO items (id, name, tags, data) VALUES ($1, $2, $3, $4) RETURNING id';
    for (const [i, name] of hostile.entries()) {
      const r = await db.query(insert, [10 + i, name, [name, 'a,b', '{c}'], Buffer.from(name)]);
      expect(r).toEqual({ rows: [{ id: 10 + i }], rowCount: 1 });
    }
    const back = await db.query<{ name: string; tags: string[]; data: Uint8Array }>(
      'SELECT name, tags, data FROM items WHERE id >= $1 ORDER BY id',
      [10],
    );
    expect(back.rows.map((r) => r.name)).toEqual(hostile);
    expect(back.rows.map((r) => r.tags)).toEqual(hostile.map((h) => [h, 'a,b', '{c}']));
    expect(back.rows.map((r) => Buffer.from(r.data).toString())).toEqual(hostile);
    expect((await db.query('SELECT count(*) AS n FROM items')).rows).toEqual([{ n: 1 + hostile.length }]);
  });

  it('counts the rows a write touched as PGlite does unprepared', async () => {
    const update = await db.query('UPDATE items SET name = name WHERE id >= $1', [10]);
    const inTx = await db.transaction((tx) => tx.query('UPDATE items SET name = name WHERE id >= $1', [10]));
    expect(update.rowCount).toBe(inTx.rowCount);
    expect(update.rowCount).toBe(5);
    expect((await db.query('DELETE FROM items WHERE id = $1', [14])).rowCount).toBe(1);
  });

  it('refuses a NUL in a value, as PostgreSQL does, and stays usable', async () => {
    await expect(db.query('SELECT $1::text AS t', ['a\0b'])).rejects.toMatchObject({ code: '22021' });
    expect((await db.query('SELECT $1::text AS t', ['ab'])).rows).toEqual([{ t: 'ab' }]);
  });

  it('runs statements that cannot be prepared as before', async () => {
    await db.query('SET statement_timeout = 0');
    expect((await db.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows).toEqual([
      { statement_timeout: '0' },
    ]);
    await db.query('VACUUM (ANALYZE) items');
    await expect(db.query('SELECT * FROM missing WHERE id = $1', [1])).rejects.toMatchObject({ code: '42P01' });
  });
});
