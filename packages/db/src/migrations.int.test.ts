import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { runMigrations, UnknownMigrationsError } from './migrations.ts';

let t: TestDatabase;
let dir: string;

beforeAll(async () => {
  t = await createTestDatabase([]);
  dir = await mkdtemp(path.join(os.tmpdir(), 'bm-migrations-'));
});
afterAll(async () => {
  await t.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('runMigrations', () => {
  it('applies each file once, in name order, and refuses a database made by files it no longer has', async () => {
    const set = { service: 'demo', dir };
    await writeFile(path.join(dir, '001-a.sql'), 'CREATE TABLE public.demo_a (id int PRIMARY KEY);');
    await writeFile(path.join(dir, '002-b.sql'), 'CREATE TABLE public.demo_b (id int REFERENCES public.demo_a (id));');
    expect(await runMigrations(t.db, [set])).toEqual(['demo/001-a.sql', 'demo/002-b.sql']);
    expect(await runMigrations(t.db, [set])).toEqual([]);

    // The two files squashed into one baseline: the old database is named as such, nothing is applied.
    await rm(path.join(dir, '001-a.sql'));
    await rm(path.join(dir, '002-b.sql'));
    await writeFile(path.join(dir, '001-baseline.sql'), 'CREATE TABLE public.demo_a (id int PRIMARY KEY);');
    const error = await runMigrations(t.db, [set]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownMigrationsError);
    expect((error as UnknownMigrationsError).unknown).toEqual(['demo/001-a.sql', 'demo/002-b.sql']);
    expect((error as Error).message).toMatch(/squashed into one baseline/);
    const ids = await t.db.query<{ id: string }>(
      "SELECT id FROM public.schema_migrations WHERE id LIKE 'demo/%' ORDER BY id",
    );
    expect(ids.rows.map((r) => r.id)).toEqual(['demo/001-a.sql', 'demo/002-b.sql']);
  });

  it('refuses a database made by the baseline alone once it is folded into a file of another name', async () => {
    // Under the baseline's own name the database would count the folded file as applied and miss what it added.
    const folded = path.join(dir, 'folded');
    await mkdir(folded);
    const set = { service: 'folded', dir: folded };
    await writeFile(path.join(folded, '001-baseline.sql'), 'CREATE TABLE public.folded_a (id int PRIMARY KEY);');
    expect(await runMigrations(t.db, [set])).toEqual(['folded/001-baseline.sql']);

    await rm(path.join(folded, '001-baseline.sql'));
    await writeFile(
      path.join(folded, '001-schema.sql'),
      'CREATE TABLE public.folded_a (id int PRIMARY KEY); CREATE TABLE public.folded_b (id int);',
    );
    const error = await runMigrations(t.db, [set]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownMigrationsError);
    expect((error as UnknownMigrationsError).unknown).toEqual(['folded/001-baseline.sql']);
    const ids = await t.db.query<{ id: string }>("SELECT id FROM public.schema_migrations WHERE id LIKE 'folded/%'");
    expect(ids.rows.map((r) => r.id)).toEqual(['folded/001-baseline.sql']);
  });
});
