import type { QueuedJob } from './job-queue.ts';
import { adExpiryWarningJob, adLifecycleSweepJob, adStillForSaleJob, type LifecycleJobDeps } from './ad-lifecycle.ts';
import { matchWatchesJob } from './match-watches.ts';
import { priceDropJob } from './price-drop.ts';
import { priceLabelsJob } from './price-labels.ts';
import { watchAlertJob } from './watch-alert.ts';
import { watchDigestJob } from './watch-digest.ts';
import { dealerImportJob } from './dealer-import.ts';
import type { DealerImportService } from '../services/dealer-import-service.ts';
import { dealerPhotosJob } from './dealer-photos.ts';
import type { DealerPhotos } from '../services/dealer-photos.ts';
import { dealerFeedFetchJob } from './dealer-feed-fetch.ts';
import type { DealerFeeds } from '../services/dealer-feeds.ts';

/**
 * Every kind of job of `inventory.jobs`: the bevakningar's and the saved ads' mails (decisions 039, 040), the price
 * labels left to write (decision 064), the life of ads: the hourly sweep and the sellers' reminders (decision 054),
 * and dealers' imports (decision 060).
 */
export function queuedJobs(
  deps: LifecycleJobDeps & { imports?: DealerImportService; dealerPhotos?: DealerPhotos; dealerFeeds?: DealerFeeds },
): QueuedJob[] {
  return [
    matchWatchesJob(deps),
    watchAlertJob(deps),
    watchDigestJob(deps),
    priceDropJob(deps),
    priceLabelsJob(deps),
    adLifecycleSweepJob(deps),
    adExpiryWarningJob(deps),
    adStillForSaleJob(deps),
    // Dealers' feeds (decision 060), where the app has dealers.
    ...(deps.imports ? [dealerImportJob(deps.imports)] : []),
    ...(deps.dealerPhotos ? [dealerPhotosJob(deps.dealerPhotos)] : []),
    ...(deps.dealerFeeds ? [dealerFeedFetchJob(deps.dealerFeeds)] : []),
  ];
}
