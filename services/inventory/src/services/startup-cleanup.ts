import type { Database } from '@bilmarknaden/db/database';
import type { FileStorage } from '../storage/file-storage.ts';
import { carsRepository } from '../repositories/cars-repository.ts';
import { carIdOfKey } from '../storage/file-keys.ts';
import { photoKeysFrom } from './ad-service.ts';

/** On PostgreSQL another replica may be storing photos right now: only older pending ads are left over. */
export const PENDING_GRACE_MS = 15 * 60 * 1000;
const INT_MAX = 2_147_483_647;
const DELETE_BATCH = 500;

export interface CleanupOptions {
  /** Pending ads younger than this are kept. Default: 0 on PGlite (one process), 15 minutes on PostgreSQL. */
  pendingGraceMs?: number;
  now?: () => Date;
}

export interface CleanupResult {
  /** Ids of the pending ads removed. */
  removedAds: number[];
  /** Photo files removed because their ad has no row. */
  removedFiles: number;
  /** Half-written temporary files removed (stores that have them). */
  removedTemporaryFiles: number;
}

/**
 * Removes what a crash left behind ("files left by a crash are removed at start"): pending ads (their
 * upload never finished) with their files, and every stored photo file whose ad has no row.
 */
export async function removeIncompleteAds(
  db: Database,
  storage: FileStorage,
  opts: CleanupOptions = {},
): Promise<CleanupResult> {
  const cars = carsRepository(db);
  const grace = opts.pendingGraceMs ?? (db.engine === 'pglite' ? 0 : PENDING_GRACE_MS);
  const before = grace > 0 ? new Date((opts.now?.() ?? new Date()).getTime() - grace) : undefined;

  const removedTemporaryFiles = (await storage.removeTemporaryFiles?.()) ?? 0;
  const removedAds = await cars.deletePending(before);
  let removedFiles = 0;
  for (const id of removedAds) {
    await storage.delete(photoKeysFrom(id));
  }

  // A file is written only after its ad's row exists, so a file without a row is an orphan.
  const byCar = new Map<number, string[]>();
  for await (const key of storage.list()) {
    const carId = carIdOfKey(key);
    if (carId === null || carId > INT_MAX) continue;
    const keys = byCar.get(carId) ?? [];
    keys.push(key);
    byCar.set(carId, keys);
  }
  const ids = [...byCar.keys()];
  for (let i = 0; i < ids.length; i += DELETE_BATCH) {
    const batch = ids.slice(i, i + DELETE_BATCH);
    const existing = await cars.existingIds(batch);
    const orphans = batch.filter((id) => !existing.has(id)).flatMap((id) => byCar.get(id)!);
    if (orphans.length > 0) {
      await storage.delete(orphans);
      removedFiles += orphans.length;
    }
  }
  return { removedAds, removedFiles, removedTemporaryFiles };
}
