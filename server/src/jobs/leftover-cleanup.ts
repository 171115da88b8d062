import type { Log } from '@bilmarknaden/service-kit/log';
import type { Database } from '@bilmarknaden/db/database';
import type { JobDefinition } from '@bilmarknaden/service-kit/jobs/job-runner';
import { removeLeftovers } from '@bilmarknaden/inventory/services/startup-cleanup';
import type { FileStorage } from '@bilmarknaden/inventory/storage/file-storage';

/** How often a running process looks for what a crash of another replica (or an earlier life) left. */
export const LEFTOVER_CLEANUP_INTERVAL_MS = 5 * 60_000;

/**
 * While the app runs, removes what crashes leave later (pending ads, recorded photo removals) or what the start
 * left for its grace period, and logs what it did.
 */
export function leftoverCleanupJob(
  db: Database,
  storage: FileStorage,
  log: Log,
  intervalMs = LEFTOVER_CLEANUP_INTERVAL_MS,
): JobDefinition {
  return {
    name: 'leftover-cleanup',
    intervalMs,
    // The start removed them just before (cleanUpAtStart).
    runAtStart: false,
    failure: 'could not remove leftovers of a crash; tried again later',
    async run() {
      const left = await removeLeftovers(db, storage, { log });
      if (left.removedAds.length > 0 || left.fileRemovals > 0) {
        log.info(left, 'removed what an interrupted upload or removal left behind');
      }
    },
  };
}
