import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import type { FileStorage } from '../storage/file-storage.ts';
import { carsRepository } from '../repositories/cars-repository.ts';
import { fileRemovalsRepository } from '../repositories/file-removals-repository.ts';
import { photoWritesRepository } from '../repositories/photo-writes-repository.ts';
import { settleFileRemoval } from './ad-service.ts';

/**
 * On PostgreSQL another replica may be storing photos right now: only older pending ads are left over, and
 * only older removal entries of ads that still have a row (an update may be writing their photos).
 */
export const PENDING_GRACE_MS = 15 * 60 * 1000;
const PAGE = 500;

export interface CleanupOptions {
  /** Pending ads and entries of kept ads younger than this are left. Default: 0 on PGlite, 15 minutes on PostgreSQL. */
  pendingGraceMs?: number;
  now?: () => Date;
  /** Told about entries the store refused to settle (they stay for the next start). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface CleanupResult {
  /** Ids of the pending ads removed. */
  removedAds: number[];
  /** `inventory.file_removals` entries settled: their files are deleted. */
  fileRemovals: number;
  /** Due entries not settled by this start (the store refused, another process had them, or their ad was pending). */
  fileRemovalsLeft: number;
  /** Half-written temporary files removed (stores that have them). */
  removedTemporaryFiles: number;
  /** Photo-write leases removed: all of them without a grace period (no other process writes), else the expired. */
  releasedPhotoWrites: number;
}

/**
 * Removes what a crash left behind ("files left by a crash are removed at start"): pending ads (their
 * upload never finished) with their files, the photo files recorded as due for removal in
 * `inventory.file_removals` that were not deleted yet, and photo-write leases nobody holds any more. The work
 * is proportional to what was left unfinished: the store is never listed (`npm run files:sweep` does that, for
 * old data and disasters).
 */
export async function removeIncompleteAds(
  db: Database,
  storage: FileStorage,
  opts: CleanupOptions = {},
): Promise<CleanupResult> {
  const grace = opts.pendingGraceMs ?? (db.engine === 'pglite' ? 0 : PENDING_GRACE_MS);
  const before = grace > 0 ? new Date((opts.now?.() ?? new Date()).getTime() - grace) : undefined;

  const removedTemporaryFiles = (await storage.removeTemporaryFiles?.()) ?? 0;
  // A lease left by a crash would refuse the ad's photo edits and removal until it expires (decision 013).
  const releasedPhotoWrites = await photoWritesRepository(db).releaseLeftOver(before === undefined);
  // The rows and the record of their files go together; their files are deleted with the other entries.
  const removedAds = await db.transaction(async (tx) => {
    const ids = await carsRepository(tx).deletePending(before);
    await fileRemovalsRepository(tx).addForAds(ids);
    return ids;
  });
  const settled = await settleDueFileRemovals(db, storage, { before, log: opts.log });
  return {
    removedAds,
    fileRemovals: settled.done,
    fileRemovalsLeft: settled.left,
    removedTemporaryFiles,
    releasedPhotoWrites,
  };
}

/**
 * Settles every due `inventory.file_removals` entry: older than `before` (all when absent), and those of
 * removed ads whatever their age. Entries that cannot be settled now stay.
 */
export async function settleDueFileRemovals(
  db: Database,
  storage: FileStorage,
  opts: { before?: Date | undefined; log?: Pick<FastifyBaseLogger, 'warn'> | undefined } = {},
): Promise<{ done: number; left: number }> {
  const removals = fileRemovalsRepository(db);
  let done = 0;
  let left = 0;
  let after = 0;
  for (;;) {
    const ids = await removals.dueIds(after, PAGE, opts.before);
    if (ids.length === 0) break;
    for (const id of ids) {
      const outcome = await settleFileRemoval(db, storage, id);
      if (outcome.status === 'done') done++;
      else left++;
      if (outcome.status === 'failed')
        opts.log?.warn({ err: outcome.error, removal: id }, 'could not remove photo files');
    }
    after = ids[ids.length - 1]!;
  }
  return { done, left };
}
