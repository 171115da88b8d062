import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runMigrations, type MigrationSet } from './migrations.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

function migrationDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bm-mig-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
  return dir;
}

const sets: MigrationSet[] = [
  {
    service: 'demo',
    dir: migrationDir({
      '002-second.sql': "INSERT INTO demo.items (name) VALUES ('andra');",
      '001-first.sql':
        "CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE SCHEMA demo; CREATE TABLE demo.items (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL); INSERT INTO demo.items (name) VALUES ('första');",
    }),
  },
];

// The PGlite leg also runs every case on the server's PGlite, on a thread of its own (decision 061).
const engines = process.env.TEST_DATABASE_URL
  ? [{ name: 'PostgreSQL', ownThread: false }]
  : [
      { name: 'PGlite', ownThread: false },
      { name: 'PGlite on its own thread', ownThread: true },
    ];

describe.each(engines)('database on $name', ({ ownThread }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(sets, { ownThread });
  });
  afterAll(() => t.dispose());

  it('applies migrations in name order, once', async () => {
    const rows = await t.db.query<{ name: string }>('SELECT name FROM demo.items ORDER BY id');
    expect(rows.rows.map((r) => r.name)).toEqual(['första', 'andra']);
    expect(await runMigrations(t.db, sets)).toEqual([]);
    expect((await t.db.query('SELECT * FROM demo.items')).rows).toHaveLength(2);
  });

  it('has pg_trgm and Swedish full-text search', async () => {
    const r = await t.db.query<{ s: number; m: boolean }>(
      "SELECT similarity('volvo', 'volv') AS s, to_tsvector('swedish', 'bilarna') @@ plainto_tsquery('swedish', 'bil') AS m",
    );
    expect(r.rows[0]!.s).toBeGreaterThan(0.3);
    expect(r.rows[0]!.m).toBe(true);
  });

  it('returns counts as numbers and rolls back failed transactions', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query("INSERT INTO demo.items (name) VALUES ('tredje')");
        throw new Error('avbryt');
      }),
    ).rejects.toThrow('avbryt');
    const r = await t.db.query<{ n: number }>('SELECT count(*) AS n FROM demo.items');
    expect(r.rows[0]!.n).toBe(2);
  });

  it('passes values and parses rows as a query inside a transaction does', async () => {
    const sql = `SELECT $1::int AS i, $2::text AS t, $3::boolean AS b, $4::timestamptz AS ts, $5::text AS none,
      $6::jsonb AS j, $7::int[] AS arr, count(*) AS n FROM demo.items WHERE id = ANY($7::int[])`;
    const params = [42, 'å"\\\'', true, new Date('2026-11-21T10:00:00.123Z'), null, { a: [1, 'två'] }, [1, 2]];
    const outside = await t.db.query(sql, params);
    expect(outside).toEqual(await t.db.transaction((tx) => tx.query(sql, params)));
    expect(outside.rows[0]).toMatchObject({ i: 42, t: 'å"\\\'', b: true, none: null, n: 2 });
    expect((outside.rows[0] as { ts: Date }).ts.toISOString()).toBe('2026-11-21T10:00:00.123Z');
  });

  it('reports errors with their code and stays usable after them', async () => {
    await expect(t.db.query('SELEC name FROM demo.items')).rejects.toMatchObject({ code: '42601' });
    const insert = 'INSERT INTO demo.items (id, name) OVERRIDING SYSTEM VALUE VALUES ($1, $2)';
    await expect(t.db.query(insert, [1, 'dubblett'])).rejects.toMatchObject({ code: '23505' });
    const r = await t.db.query<{ n: number }>('SELECT count(*) AS n FROM demo.items');
    expect(r.rows[0]!.n).toBe(2);
  });

  it('runs a query outside a transaction in progress, never inside it', async () => {
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const tx = t.db
      .transaction(async (q) => {
        await q.query("INSERT INTO demo.items (name) VALUES ('osynlig')");
        inside();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('avbryt');
      })
      .catch((error: Error) => error.message);
    await started;
    const seen = await t.db.query<{ n: number }>("SELECT count(*) AS n FROM demo.items WHERE name = 'osynlig'");
    expect(seen.rows).toEqual([{ n: 0 }]);
    expect(await tx).toBe('avbryt');
  });

  it('answers a repeated statement with the columns its table has now', async () => {
    await t.db.exec('CREATE TABLE demo.shape (a integer); INSERT INTO demo.shape VALUES (1)');
    const read = () => t.db.query('SELECT * FROM demo.shape');
    // Enough rounds that every pooled connection has prepared the statement (PostgreSQL keeps it per connection).
    for (let i = 0; i < 8; i++)
      expect((await Promise.all([read(), read(), read(), read()]))[0]!.rows).toEqual([{ a: 1 }]);
    await t.db.exec('ALTER TABLE demo.shape ADD COLUMN b integer DEFAULT 2');
    for (let i = 0; i < 8; i++) {
      const rows = await Promise.all([read(), read(), read(), read()]);
      for (const r of rows) expect(r.rows).toEqual([{ a: 1, b: 2 }]);
    }
  });

  // PostgreSQL only: PGlite plans each execution for its values unless told to keep a generic plan (decision 050).
  if (process.env.TEST_DATABASE_URL) {
    it('prepares a statement once per connection, but never one that asks to be planned for its values', async () => {
      const probe = (tag: string, planEach: boolean) =>
        t.db.query(`SELECT $1::text[] AS ${tag}`, [['0180', '0184']], { planEach });
      // Rounds of four at once, so every pooled connection runs both.
      for (let i = 0; i < 8; i++)
        await Promise.all([0, 1, 2, 3].flatMap(() => [probe('named_probe', false), probe('each_probe', true)]));
      const prepared = async (tag: string) => {
        const seen = await Promise.all(
          [0, 1, 2, 3].map(() =>
            t.db.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%' || $1 || '%'",
              [tag],
            ),
          ),
        );
        return seen.some((r) => r.rows[0]!.n > 0);
      };
      expect(await prepared('named' + '_probe')).toBe(true);
      expect(await prepared('each' + '_probe')).toBe(false);
    });
  }
});
