import type { Queryable } from '@bilmarknaden/db/database';

/** What claiming an ad's photo-write lease found: taken, held by another writer, or no such ad. */
export type ClaimResult = 'claimed' | 'busy' | 'gone';

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * `inventory.photo_writes`: one lease per ad for whoever replaces or removes its photo files (decision 013).
 * Each statement stands alone: no transaction is held while the photos are processed or stored.
 */
export function photoWritesRepository(db: Queryable) {
  return {
    /**
     * Takes the ad's lease for `leaseMs` unless another writer holds one that has not expired (database
     * time). 'gone' when the ad has no row (the foreign key refuses the lease).
     */
    async claim(carId: number, writer: string, leaseMs: number): Promise<ClaimResult> {
      try {
        const r = await db.query<{ writer: string }>(
          `INSERT INTO inventory.photo_writes AS w (car_id, writer, until)
           VALUES ($1, $2, now() + $3::integer * interval '1 millisecond')
           ON CONFLICT (car_id) DO UPDATE SET writer = EXCLUDED.writer, until = EXCLUDED.until
           WHERE w.until < now()
           RETURNING w.writer`,
          [carId, writer, leaseMs],
        );
        return r.rows.length > 0 ? 'claimed' : 'busy';
      } catch (err) {
        if ((err as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return 'gone';
        throw err;
      }
    },

    /**
     * Takes the leases of these ads for one writer, each unless another writer holds an unexpired one, in one
     * statement (the erasure of a closed seller's ads). Answers the ads leased (ads without a row are left out),
     * or null when one of them was removed meanwhile (the foreign key refused the whole statement: ask again).
     */
    async claimMany(carIds: readonly number[], writer: string, leaseMs: number): Promise<number[] | null> {
      if (carIds.length === 0) return [];
      let r;
      try {
        r = await db.query<{ car_id: number }>(
          `INSERT INTO inventory.photo_writes AS w (car_id, writer, until)
           SELECT c.id, $2, now() + $3::integer * interval '1 millisecond' FROM inventory.cars c
           WHERE c.id = ANY($1::int[])
           ON CONFLICT (car_id) DO UPDATE SET writer = EXCLUDED.writer, until = EXCLUDED.until
           WHERE w.until < now()
           RETURNING w.car_id`,
          [carIds, writer, leaseMs],
        );
      } catch (err) {
        if ((err as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return null;
        throw err;
      }
      return r.rows.map((x) => x.car_id);
    },

    /** Gives back every lease this writer still holds. */
    async releaseAll(writer: string): Promise<void> {
      await db.query('DELETE FROM inventory.photo_writes WHERE writer = $1', [writer]);
    },

    /**
     * Extends the writer's lease to `leaseMs` from now; false when it is no longer the writer's (it expired and
     * another writer took it over, or was released by that writer since).
     */
    async renew(carId: number, writer: string, leaseMs: number): Promise<boolean> {
      const r = await db.query(
        `UPDATE inventory.photo_writes SET until = now() + $3::integer * interval '1 millisecond'
         WHERE car_id = $1 AND writer = $2`,
        [carId, writer, leaseMs],
      );
      return r.rowCount > 0;
    },

    /** Gives the lease back; only the writer's own (a lease taken over after expiry stays with its new writer). */
    async release(carId: number, writer: string): Promise<void> {
      await db.query('DELETE FROM inventory.photo_writes WHERE car_id = $1 AND writer = $2', [carId, writer]);
    },

    /** At start: every lease when no other process can be writing (`all`), else the expired ones; answers how many. */
    async releaseLeftOver(all: boolean): Promise<number> {
      const r = all
        ? await db.query('DELETE FROM inventory.photo_writes')
        : await db.query('DELETE FROM inventory.photo_writes WHERE until < now()');
      return r.rowCount;
    },
  };
}

export type PhotoWritesRepository = ReturnType<typeof photoWritesRepository>;
