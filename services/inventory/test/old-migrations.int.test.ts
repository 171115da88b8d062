import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { runMigrations, UnknownMigrationsError } from '@bilmarknaden/db/migrations';
import { inventoryMigrations } from '../src/migrations.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase([inventoryMigrations]);
});
afterAll(() => t?.dispose());

describe("a database made before inventory's migrations were folded into one baseline", () => {
  it('is refused at start, naming the migration it holds, and nothing is applied', async () => {
    await t.db.query('INSERT INTO public.schema_migrations (id) VALUES ($1)', ['inventory/013-price-cells-notify.sql']);
    const before = await t.db.query('SELECT id FROM public.schema_migrations ORDER BY id');
    const error = await runMigrations(t.db, [inventoryMigrations]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownMigrationsError);
    expect((error as UnknownMigrationsError).unknown).toEqual(['inventory/013-price-cells-notify.sql']);
    expect((await t.db.query('SELECT id FROM public.schema_migrations ORDER BY id')).rows).toEqual(before.rows);
  });
});
