import type { Queryable } from '@bilmarknaden/db/database';

/** One photo version of an ad: the files `{carId}-{version}-{n}.jpeg` (decision 028). */
export interface PhotoVersion {
  carId: number;
  version: number;
}

/**
 * `inventory.file_removals`: photo versions no row points at, whose files are due for removal. Written in the
 * transaction that makes the version unused (or, for a replacement, before its files are written) and removed
 * once the files are deleted.
 */
export function fileRemovalsRepository(db: Queryable) {
  return {
    /**
     * Takes a fresh version for replacing the photos of the owner's visible ad and records it before any file
     * is written; null when there is no such ad.
     */
    async startVersion(carId: number, username: string): Promise<number | null> {
      const r = await db.query<{ version: number }>(
        `INSERT INTO inventory.file_removals (car_id, version)
         SELECT id, nextval('inventory.photo_versions') FROM inventory.cars
         WHERE id = $1 AND username = $2 AND status = 'active'
         RETURNING version`,
        [carId, username],
      );
      return r.rows[0]?.version ?? null;
    },

    async add(versions: readonly PhotoVersion[]): Promise<void> {
      if (versions.length === 0) return;
      await db.query(
        `INSERT INTO inventory.file_removals (car_id, version)
         SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING`,
        [versions.map((v) => v.carId), versions.map((v) => v.version)],
      );
    },

    /** Removes an entry; false when it was not there. */
    async remove({ carId, version }: PhotoVersion): Promise<boolean> {
      const r = await db.query('DELETE FROM inventory.file_removals WHERE car_id = $1 AND version = $2', [
        carId,
        version,
      ]);
      return r.rowCount > 0;
    },

    /**
     * Locks an entry while its files are deleted (inside a transaction): a replacement switching to this version
     * waits, then finds its entry gone and gives up. False when the entry is gone or another process holds it.
     */
    async claim({ carId, version }: PhotoVersion): Promise<boolean> {
      const r = await db.query(
        `SELECT 1 FROM inventory.file_removals WHERE car_id = $1 AND version = $2 FOR UPDATE SKIP LOCKED`,
        [carId, version],
      );
      return r.rows.length > 0;
    },

    /**
     * Entries to settle after `after`, in key order: those created before `before` (all when absent) and, at any
     * age, those no replacement may still be writing (no row with an older version than the entry's).
     */
    async due(after: PhotoVersion | null, limit: number, before?: Date): Promise<PhotoVersion[]> {
      const r = await db.query<{ car_id: number; version: number }>(
        `SELECT e.car_id, e.version FROM inventory.file_removals e
         WHERE (e.car_id, e.version) > ($1, $2)
           AND ($4::timestamptz IS NULL OR e.created < $4 OR NOT EXISTS (
             SELECT 1 FROM inventory.cars c WHERE c.id = e.car_id AND c.image_version < e.version))
         ORDER BY e.car_id, e.version LIMIT $3`,
        [after?.carId ?? 0, after?.version ?? 0, limit, before?.toISOString() ?? null],
      );
      return r.rows.map((x) => ({ carId: x.car_id, version: x.version }));
    },

    /** The recorded versions of these ads (the sweep leaves their files to the settling). */
    async versionsOf(carIds: readonly number[]): Promise<PhotoVersion[]> {
      if (carIds.length === 0) return [];
      const r = await db.query<{ car_id: number; version: number }>(
        'SELECT car_id, version FROM inventory.file_removals WHERE car_id = ANY($1::int[])',
        [carIds],
      );
      return r.rows.map((x) => ({ carId: x.car_id, version: x.version }));
    },
  };
}

export type FileRemovalsRepository = ReturnType<typeof fileRemovalsRepository>;
