// The combination number of the five option attributes is computed twice: by the database for the index
// (migration 014) and by the server for the filters. They must agree for every combination.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { optionAttributes } from '@bilmarknaden/shared/options';
import { inventoryMigrations } from '../src/migrations.ts';
import { COMBINATIONS, optionCombinations } from '../src/repositories/option-combination.ts';

let db: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await createTestDatabase([inventoryMigrations]));
});
afterAll(() => dispose());

const values = (options: readonly { value: string }[]) => options.map((o) => o.value);

describe('option combinations', () => {
  it('the database and the server number every combination alike, 0 to 1679 once each', async () => {
    const r = await db.query<{ t: string; f: string; y: string; c: string; d: string; code: number }>(
      `SELECT t, f, y, c, d, inventory.option_combination(t, f, y, c, d) AS code
       FROM unnest($1::text[]) t, unnest($2::text[]) f, unnest($3::text[]) y, unnest($4::text[]) c,
            unnest($5::text[]) d`,
      optionAttributes.map(([, options]) => values(options)),
    );
    expect(r.rows).toHaveLength(COMBINATIONS);
    expect(COMBINATIONS).toBe(1680);
    for (const row of r.rows) {
      expect(
        optionCombinations({ transmission: row.t, fuel: row.f, type: row.y, color: row.c, drivetrain: row.d }),
      ).toEqual([row.code]);
    }
    expect(new Set(r.rows.map((row) => row.code))).toEqual(new Set(Array.from({ length: 1680 }, (_, i) => i)));
  });

  it('a value outside its list is in no combination', async () => {
    const r = await db.query<{ code: number | null }>(
      `SELECT inventory.option_combination('manuell', 'vätgas', 'kombi', 'vit', 'fwd') AS code`,
    );
    expect(r.rows[0]!.code).toBeNull();
    expect(optionCombinations({ fuel: 'vätgas' })).toEqual([]);
  });

  it('filters on some attributes pass every combination of the others; none filtered is no condition', () => {
    expect(optionCombinations({})).toBeNull();
    expect(optionCombinations({ make: 'volvo', model: 'xc60' })).toBeNull();
    expect(optionCombinations({ fuel: 'diesel' })).toHaveLength(1680 / 4);
    expect(optionCombinations({ type: 'kombi', color: 'svart' })).toHaveLength(2 * 4 * 3);
    const some = optionCombinations({ type: 'kombi', color: 'svart' })!;
    const all = optionCombinations({
      transmission: 'automat',
      fuel: 'diesel',
      type: 'kombi',
      color: 'svart',
      drivetrain: 'awd',
    })!;
    expect(all).toHaveLength(1);
    expect(some).toContain(all[0]);
  });
});
