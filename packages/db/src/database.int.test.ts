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

describe(`database on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(sets);
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
});
