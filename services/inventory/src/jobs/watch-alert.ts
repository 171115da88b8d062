import { watchesRepository } from '../repositories/watches-repository.ts';
import { adLines, watchMailFooter, type WatchMailDeps } from '../services/watch-mails.ts';
import type { QueuedJob } from './job-queue.ts';

/**
 * One mail for one new ad of a bevakning that mails at once (if still so, and the ad still visible). Keyed by
 * bevakning and ad, so a job run twice (a crash before it was marked done) mails once (decision 040).
 */
export function watchAlertJob(deps: WatchMailDeps): QueuedJob {
  const { db, identity, publicUrl } = deps;
  const footer = watchMailFooter(deps);
  return {
    kind: 'watch-alert',
    async run(job) {
      const alert = await watchesRepository(db).instantAlert(Number(job.payload.watch), Number(job.payload.car));
      if (!alert) return;
      const { watch, ad } = alert;
      await identity.notify({
        key: `watch-${watch.id}-${ad.id}`,
        username: watch.username,
        kind: 'watches',
        subject: `Ny bil i din bevakning ${watch.name}: ${ad.title}`,
        text:
          `Hej ${watch.username}!\n\nEn ny bil matchar din bevakning "${watch.name}":\n\n${adLines(ad, publicUrl)}\n\n` +
          (await footer(watch.id, watch.username)),
      });
    },
  };
}
