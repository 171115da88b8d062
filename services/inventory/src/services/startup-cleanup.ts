import type { Database } from '@bilmarknaden/db/database';
import type { FileStorage } from '../storage/file-storage.ts';
import { carsRepository } from '../repositories/cars-repository.ts';
import { fileRemovalsRepository, type PhotoVersion } from '../repositories/file-removals-repository.ts';
import { settleFileRemoval } from './ad-service.ts';
import type { Log } from '@bilmarknaden/service-kit/log';

/**
 * On PostgreSQL another replica may be storing photos right now: only older pending ads are left over, and
 * only older records of photo versions a replacement may still be writing.
 */
export const PENDING_GRACE_MS = 15 * 60 * 1000;
const PAGE = 500;

export interface CleanupOptions {
  /** Pending ads and records of versions being written younger than this are left. Default: 0 on PGlite, 15 minutes on PostgreSQL. */
  pendingGraceMs?: number;
  now?: () => Date;
  /** Told about records the store refused to settle (they stay for the next start). */
  log?: Pick<Log, 'warn'>;
}

export interface CleanupResult {
  /** Ids of the pending ads removed. */
  removedAds: number[];
  /** `inventory.file_removals` entries settled: their files are deleted. */
  fileRemovals: number;
  /** Due entries not settled by this start (the store refused, or another process had them). */
  fileRemovalsLeft: number;
  /** Half-written temporary files removed (stores that have them). */
  removedTemporaryFiles: number;
}

/** The moment before which pending ads and records of versions being written are left over. */
export function graceLimit(db: Database, opts: Pick<CleanupOptions, 'pendingGraceMs' | 'now'>): Date | undefined {
  const grace = opts.pendingGraceMs ?? (db.engine === 'pglite' ? 0 : PENDING_GRACE_MS);
  return grace > 0 ? new Date((opts.now?.() ?? new Date()).getTime() - grace) : undefined;
}

/**
 * Removes what a crash left behind ("files left by a crash are removed at start"): pending ads (their
 * upload never finished) with their files, and the photo versions recorded in `inventory.file_removals` whose
 * files were not deleted yet. The work is proportional to what was left unfinished: the store is never listed
 * (`npm run files:sweep` does that, for old data and disasters).
 */
export async function removeIncompleteAds(
  db: Database,
  storage: FileStorage,
  opts: CleanupOptions = {},
): Promise<CleanupResult> {
  const before = graceLimit(db, opts);
  const removedTemporaryFiles = (await storage.removeTemporaryFiles?.()) ?? 0;
  // The rows and the record of their photos go together; their files are deleted with the other entries.
  const removed = await db.transaction(async (tx) => {
    const versions = await carsRepository(tx).deletePending(before);
    await fileRemovalsRepository(tx).add(versions);
    return versions;
  });
  const settled = await settleDueFileRemovals(db, storage, { before, log: opts.log });
  return {
    removedAds: removed.map((v) => v.carId),
    fileRemovals: settled.done,
    fileRemovalsLeft: settled.left,
    removedTemporaryFiles,
  };
}

/**
 * What a crash left, removed by a running process (`removeIncompleteAds` runs only at start): pending ads and
 * records of versions being written once older than the grace period on either engine, since uploads of this
 * process or another replica may be running; an upload takes its row at its start, so a younger row may be one.
 * Several replicas may run it at once: a pending row is deleted by one of them (the row lock), and an entry is
 * settled by the one that claims it (`FOR UPDATE SKIP LOCKED`). Temporary files are left to the next start.
 */
export async function removeLeftovers(
  db: Database,
  storage: FileStorage,
  opts: Omit<CleanupOptions, 'pendingGraceMs'> = {},
): Promise<Omit<CleanupResult, 'removedTemporaryFiles'>> {
  const before = graceLimit(db, { ...opts, pendingGraceMs: PENDING_GRACE_MS })!;
  const removed = await db.transaction(async (tx) => {
    const versions = await carsRepository(tx).deletePending(before);
    await fileRemovalsRepository(tx).add(versions);
    return versions;
  });
  const settled = await settleDueFileRemovals(db, storage, { before, log: opts.log });
  return { removedAds: removed.map((v) => v.carId), fileRemovals: settled.done, fileRemovalsLeft: settled.left };
}

/**
 * Settles every due `inventory.file_removals` entry: older than `before` (all when absent), and whatever their
 * age those no replacement can still be writing. Entries that cannot be settled now stay.
 */
export async function settleDueFileRemovals(
  db: Database,
  storage: FileStorage,
  opts: { before?: Date | undefined; log?: Pick<Log, 'warn'> | undefined } = {},
): Promise<{ done: number; left: number }> {
  const removals = fileRemovalsRepository(db);
  let done = 0;
  let left = 0;
  let after: PhotoVersion | null = null;
  for (;;) {
    const entries = await removals.due(after, PAGE, opts.before);
    if (entries.length === 0) break;
    for (const entry of entries) {
      const outcome = await settleFileRemoval(db, storage, entry);
      if (outcome.status === 'done') done++;
      else left++;
      if (outcome.status === 'failed') opts.log?.warn({ err: outcome.error, ...entry }, 'could not remove photo files');
    }
    after = entries[entries.length - 1]!;
  }
  return { done, left };
}
