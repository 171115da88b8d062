import { DEALER_FEED_FETCH_JOB, type DealerFeeds } from '../services/dealer-feeds.ts';
import type { QueuedJob } from './job-queue.ts';

/** Fetches a dealer's scheduled feed and queues it as a run (decision 060); queued by `scheduleDealerFeeds`. */
export function dealerFeedFetchJob(feeds: DealerFeeds): QueuedJob {
  return {
    kind: DEALER_FEED_FETCH_JOB,
    run: (job) => feeds.fetch(String(job.payload.dealer)),
  };
}
