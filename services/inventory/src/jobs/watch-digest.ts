import type { Database } from '@bilmarknaden/db/database';
import type { NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import { jobsRepository } from '../repositories/jobs-repository.ts';
import { watchesRepository } from '../repositories/watches-repository.ts';
import { adLines, digestDayDue, watchMailFooter, type WatchMailDeps } from '../services/watch-mails.ts';
import type { QueuedJob } from './job-queue.ts';

/** Daily bevakningar mailed per round of the digest (each round one read of their hits). */
export const DIGEST_CHUNK = 200;
/** Digest mails asked of identity at the same time. */
const DIGEST_PARALLEL = 8;
/** The most ads one digest lists (the rest are on the site). */
const DIGEST_MAX_ADS = 20;

/** Runs `work` on every item, at most `parallel` at a time. */
async function inTurns<T>(items: T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

/**
 * The day's digest (decision 040): each daily bevakning with ads matched before the job was queued gets one mail
 * listing them, DIGEST_CHUNK bevakningar per round; their hits are marked mailed after the mails were asked for.
 * Keyed by bevakning and day, so a job run twice mails once.
 */
export function watchDigestJob(deps: WatchMailDeps): QueuedJob {
  const { db, identity, publicUrl } = deps;
  const footer = watchMailFooter(deps);
  return {
    kind: 'digest',
    async run(job) {
      const day = String(job.payload.day);
      const cutoff = String(job.payload.cutoff);
      const watches = watchesRepository(db);
      let after = 0;
      for (;;) {
        const ids = await watches.digestDue(after, cutoff, DIGEST_CHUNK);
        if (ids.length === 0) return;
        const digests = await watches.digests(ids, cutoff, DIGEST_MAX_ADS);
        // A few mails asked for at once: on PostgreSQL identity stores them on several connections.
        await inTurns(digests, DIGEST_PARALLEL, async ({ watch, ads, total }) => {
          const more = total > ads.length ? `\n\n… och ${total - ads.length} till på sajten.` : '';
          await identity.notify({
            key: `watch-digest-${watch.id}-${day}`,
            username: watch.username,
            kind: 'watches',
            subject: `${total} ${total === 1 ? 'ny bil' : 'nya bilar'} i din bevakning ${watch.name}`,
            text:
              `Hej ${watch.username}!\n\nDagens nya bilar i din bevakning "${watch.name}":\n\n` +
              ads.map((ad) => adLines(ad, publicUrl)).join('\n\n') +
              `${more}\n\n${await footer(watch.id, watch.username)}`,
          } satisfies NotificationRequest);
        });
        await watches.markDigested(ids, cutoff);
        after = ids[ids.length - 1]!;
        if (ids.length < DIGEST_CHUNK) return;
      }
    },
  };
}

/**
 * Queues the day's digest once DIGEST_HOUR has passed in Sweden (whichever replica comes first; the day's row
 * and the job are written in one transaction). The queue's runner calls it before each round.
 */
export async function scheduleDigest(db: Database, at: Date): Promise<boolean> {
  const day = digestDayDue(at);
  if (day === null) return false;
  return db.transaction(async (tx) => {
    if (!(await watchesRepository(tx).claimDigestDay(day, at))) return false;
    await jobsRepository(tx).enqueue('digest', { day, cutoff: at.toISOString() });
    return true;
  });
}
