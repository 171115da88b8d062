import type { Queryable } from '@bilmarknaden/db/database';

/** Which photo version each ad serves (decision 028): the photo route and the maintenance sweep. */
export function carPhotosRepository(db: Queryable) {
  return {
    /** The status, photo count and version of those of these ids that have a row (the maintenance sweep). */
    async photoStates(
      ids: readonly number[],
    ): Promise<Map<number, { status: 'pending' | 'active' | 'sold'; imageCount: number; imageVersion: number }>> {
      if (ids.length === 0) return new Map();
      const r = await db.query<{
        id: number;
        status: 'pending' | 'active' | 'sold';
        image_count: number;
        image_version: number;
      }>('SELECT id, status, image_count, image_version FROM inventory.cars WHERE id = ANY($1::int[])', [ids]);
      return new Map(
        r.rows.map((x) => [x.id, { status: x.status, imageCount: x.image_count, imageVersion: x.image_version }]),
      );
    },

    /** The photo version served for photo n of a visible ad, or null: one lookup in the primary key. */
    async photoVersion(id: number, n: number): Promise<number | null> {
      const r = await db.query<{ image_version: number }>(
        `SELECT image_version FROM inventory.cars WHERE id = $1 AND status IN ('active', 'sold') AND image_count >= $2`,
        [id, n],
      );
      return r.rows[0]?.image_version ?? null;
    },
  };
}

export type CarPhotosRepository = ReturnType<typeof carPhotosRepository>;
