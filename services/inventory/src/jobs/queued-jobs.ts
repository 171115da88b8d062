import type { WatchMailDeps } from '../services/watch-mails.ts';
import type { QueuedJob } from './job-queue.ts';
import { matchWatchesJob } from './match-watches.ts';
import { priceDropJob } from './price-drop.ts';
import { watchAlertJob } from './watch-alert.ts';
import { watchDigestJob } from './watch-digest.ts';

/** Every kind of job of `inventory.jobs`: the bevakningar's and the saved ads' mails (decisions 039, 040). */
export function queuedJobs(deps: WatchMailDeps): QueuedJob[] {
  return [matchWatchesJob(deps), watchAlertJob(deps), watchDigestJob(deps), priceDropJob(deps)];
}
