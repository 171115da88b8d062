import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { runMigrations, UnknownMigrationsError } from '@bilmarknaden/db/migrations';
import { inventoryMigrations } from '../src/migrations.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase([inventoryMigrations]);
});
afterAll(() => t?.dispose());

const recorded = async () =>
  (await t.db.query<{ id: string }>('SELECT id FROM public.schema_migrations ORDER BY id')).rows.map((r) => r.id);

describe("a database made before inventory's migrations were folded into one 001-schema.sql", () => {
  // One made before the first squash, one made when only the old baseline existed, and one made with the price labels'
  // own migration, since folded into 001-schema.sql.
  it.each(['inventory/013-price-cells-notify.sql', 'inventory/001-baseline.sql', 'inventory/002-price-labels.sql'])(
    'holding %s is refused at start, naming it, and nothing is applied',
    async (id) => {
      const before = await recorded();
      await t.db.query('INSERT INTO public.schema_migrations (id) VALUES ($1)', [id]);
      try {
        const error = await runMigrations(t.db, [inventoryMigrations]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UnknownMigrationsError);
        expect((error as UnknownMigrationsError).unknown).toEqual([id]);
        expect((await recorded()).sort()).toEqual([...before, id].sort());
      } finally {
        await t.db.query('DELETE FROM public.schema_migrations WHERE id = $1', [id]);
      }
    },
  );
});
