import type { Queryable } from '@bilmarknaden/db/database';
import type { Make, Model } from '@bilmarknaden/shared/api-types';

// Swedish alphabetical order with numbers as numbers ('V40' before 'V60', '240' before '740').
const collator = new Intl.Collator('sv-SE', { numeric: true, sensitivity: 'base' });
const alphabetical = <T extends { name: string }>(rows: T[]) => rows.sort((a, b) => collator.compare(a.name, b.name));

/** A make and model as the catalogue spells them, when both are known. */
export interface ResolvedMakeModel {
  make: string | null;
  model: string | null;
}

export function makesRepository(db: Queryable) {
  return {
    async listMakes(): Promise<Make[]> {
      const r = await db.query<Make>('SELECT id, name FROM inventory.makes');
      return alphabetical(r.rows);
    },

    /** Case-insensitive; null for an unknown make. */
    async findMake(name: string): Promise<Make | null> {
      const r = await db.query<Make>('SELECT id, name FROM inventory.makes WHERE lower(name) = lower($1)', [name]);
      return r.rows[0] ?? null;
    },

    async listModels(makeId: number): Promise<Model[]> {
      const r = await db.query<Model>('SELECT id, name FROM inventory.models WHERE make_id = $1', [makeId]);
      return alphabetical(r.rows);
    },

    /** Looks a make and one of its models up case-insensitively, answering the catalogue's spelling. */
    async resolve(make: string, model: string): Promise<ResolvedMakeModel> {
      if (make === '') return { make: null, model: null };
      const r = await db.query<{ make: string; model: string | null }>(
        `SELECT m.name AS make, o.name AS model
         FROM inventory.makes m
         LEFT JOIN inventory.models o ON o.make_id = m.id AND lower(o.name) = lower($2)
         WHERE lower(m.name) = lower($1)`,
        [make, model],
        { genericPlan: true },
      );
      const row = r.rows[0];
      return { make: row?.make ?? null, model: row?.model ?? null };
    },
  };
}

export type MakesRepository = ReturnType<typeof makesRepository>;
