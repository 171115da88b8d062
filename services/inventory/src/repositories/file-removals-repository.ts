import type { Queryable } from '@bilmarknaden/db/database';

/** An entry claimed for settling, with the state of its ad now (null: the row is gone). */
export interface ClaimedRemoval {
  carId: number;
  fromN: number;
  ad: { status: 'pending' | 'active'; imageCount: number } | null;
}

/**
 * `inventory.file_removals`: photo files due for removal, files from_n…8 of an ad. Entries are written in
 * the transaction of the row change that makes the files surplus and removed once the files are deleted.
 */
export function fileRemovalsRepository(db: Queryable) {
  return {
    /** Records files from `fromN` of an ad as due for removal; answers the entry's id. */
    async add(carId: number, fromN: number): Promise<number> {
      const r = await db.query<{ id: number }>(
        'INSERT INTO inventory.file_removals (car_id, from_n) VALUES ($1, $2) RETURNING id',
        [carId, fromN],
      );
      return r.rows[0]!.id;
    },

    /** Records every file of these ads as due for removal (their rows were just removed); answers the entries. */
    async addForAds(carIds: readonly number[]): Promise<number[]> {
      if (carIds.length === 0) return [];
      const r = await db.query<{ id: number }>(
        'INSERT INTO inventory.file_removals (car_id, from_n) SELECT unnest($1::int[]), 1 RETURNING id',
        [carIds],
      );
      return r.rows.map((x) => x.id);
    },

    /**
     * Replaces every entry of an ad by one from `fromN`; answers its id. Deleting the old entries waits for
     * one that another process is settling right now (it holds the entry's lock while deleting files).
     */
    async replaceForAd(carId: number, fromN: number): Promise<number> {
      const r = await db.query<{ id: number }>(
        `WITH old AS (DELETE FROM inventory.file_removals WHERE car_id = $1)
         INSERT INTO inventory.file_removals (car_id, from_n) VALUES ($1, $2) RETURNING id`,
        [carId, fromN],
      );
      return r.rows[0]!.id;
    },

    /**
     * Ids of entries to settle, in id order after `afterId`: those older than `before` (all when absent) and,
     * whatever their age, those whose ad has no row (files of a removed ad are never written again).
     */
    async dueIds(afterId: number, limit: number, before?: Date): Promise<number[]> {
      const r =
        before === undefined
          ? await db.query<{ id: number }>(
              'SELECT id FROM inventory.file_removals WHERE id > $1 ORDER BY id LIMIT $2',
              [afterId, limit],
            )
          : await db.query<{ id: number }>(
              `SELECT e.id FROM inventory.file_removals e
               WHERE e.id > $1
                 AND (e.created < $3 OR NOT EXISTS (SELECT 1 FROM inventory.cars c WHERE c.id = e.car_id))
               ORDER BY e.id LIMIT $2`,
              [afterId, limit, before],
            );
      return r.rows.map((x) => x.id);
    },

    /**
     * Locks an entry for settling (inside a transaction) and reads its ad's current state; null when the
     * entry is gone or another process holds it.
     */
    async claim(id: number): Promise<ClaimedRemoval | null> {
      const r = await db.query<{
        car_id: number;
        from_n: number;
        status: 'pending' | 'active' | null;
        image_count: number | null;
      }>(
        `SELECT e.car_id, e.from_n, c.status, c.image_count
         FROM inventory.file_removals e LEFT JOIN inventory.cars c ON c.id = e.car_id
         WHERE e.id = $1
         FOR UPDATE OF e SKIP LOCKED`,
        [id],
      );
      const row = r.rows[0];
      if (!row) return null;
      return {
        carId: row.car_id,
        fromN: row.from_n,
        ad: row.status === null ? null : { status: row.status, imageCount: row.image_count ?? 0 },
      };
    },

    async remove(id: number): Promise<void> {
      await db.query('DELETE FROM inventory.file_removals WHERE id = $1', [id]);
    },

    /**
     * For the maintenance sweep: records the files beyond the photo count of these active ads as due for
     * removal, except for ads that already have an entry (work in progress, e.g. an update writing photos).
     * Answers the ads recorded.
     */
    async addBeyondCount(carIds: readonly number[]): Promise<number[]> {
      if (carIds.length === 0) return [];
      const r = await db.query<{ car_id: number }>(
        `INSERT INTO inventory.file_removals (car_id, from_n)
         SELECT c.id, c.image_count + 1 FROM inventory.cars c
         WHERE c.id = ANY($1::int[]) AND c.status = 'active'
           AND NOT EXISTS (SELECT 1 FROM inventory.file_removals e WHERE e.car_id = c.id)
         RETURNING car_id`,
        [carIds],
      );
      return r.rows.map((x) => x.car_id);
    },
  };
}

export type FileRemovalsRepository = ReturnType<typeof fileRemovalsRepository>;
