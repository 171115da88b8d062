import type { Database } from '@bilmarknaden/db/database';
import type { Log } from '@bilmarknaden/service-kit/log';
import { expiryWarning, AD_LIFETIME_DAYS } from '@bilmarknaden/shared/ad-lifecycle';
import { notificationFooter } from '@bilmarknaden/shared/notifications';
import { PAGE_PATHS } from '@bilmarknaden/shared/page-paths';
import { jobsRepository } from '../repositories/jobs-repository.ts';
import { adLifecycleRepository } from '../repositories/ad-lifecycle-repository.ts';
import { settleFileRemovals } from '../services/ad-service.ts';
import { answerTokens } from '../services/answer-tokens.ts';
import type { WatchMailDeps } from '../services/watch-mails.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { QueuedJob } from './job-queue.ts';

/** Old expired ads removed per statement of the sweep. */
const REMOVAL_BATCH = 100;

export interface LifecycleJobDeps extends WatchMailDeps {
  /** Where the photos of removed ads are deleted; without it their versions wait in file_removals for the start-up. */
  storage?: FileStorage;
  log?: Pick<Log, 'warn'>;
}

/**
 * Queues the hour's sweep once (whichever replica comes first), with the runner's time: the queue's runner calls
 * it before each round, so the tests' clock drives expiry as it drives the digest.
 */
export async function scheduleLifecycleSweep(db: Database, at: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await adLifecycleRepository(tx).claimSweepHour(at))) return false;
    await jobsRepository(tx).enqueue('ad-lifecycle', { at: at.toISOString() });
    return true;
  });
}

/**
 * The hourly sweep (issue 43): ads past their end expire; those ending within a week are warned of once, and those
 * quiet for 30 days are asked about once (each a job of its own, queued in the statement that marks it); expired
 * ads a year old are removed with their photos as a deleted ad is. Each step is keyed in the rows, so a sweep run
 * twice does each thing once.
 */
export function adLifecycleSweepJob({ db, storage, log }: LifecycleJobDeps): QueuedJob {
  return {
    kind: 'ad-lifecycle',
    async run(job) {
      const at = new Date(String(job.payload.at));
      const lifecycle = adLifecycleRepository(db);
      await lifecycle.expire(at);
      await lifecycle.queueWarnings(at);
      await lifecycle.queueQuestions(at);
      for (;;) {
        const removed = await lifecycle.removeOldExpired(at, REMOVAL_BATCH);
        if (storage) await settleFileRemovals(db, storage, removed, log);
        if (removed.length < REMOVAL_BATCH) return;
      }
    },
  };
}

const myAdsUrl = (publicUrl: string) => `${publicUrl}${PAGE_PATHS.myAds}`;

/** 'Din annons för Volvo V70 går ut 12 jan.': one mail per ad and end (the key), while the ad still ends then. */
export function adExpiryWarningJob({ db, identity, publicUrl }: LifecycleJobDeps): QueuedJob {
  return {
    kind: 'ad-expiry-warning',
    async run(job) {
      const expiresAt = String(job.payload.expiresAt);
      const ad = await adLifecycleRepository(db).warned(Number(job.payload.car), expiresAt);
      if (!ad) return;
      const warning = expiryWarning(`${ad.make} ${ad.model}`, ad.expiresAt);
      await identity.notify({
        key: `ad-expiry-${ad.id}-${expiresAt}`,
        username: ad.username,
        kind: 'adReminders',
        subject: warning.split('.')[0]!,
        text:
          `Hej ${ad.username}!\n\n${warning}\n\n"${ad.title}": ${publicUrl}/car/${ad.id}\n` +
          `Förnya (${AD_LIFETIME_DAYS} dagar till, gratis) eller markera som såld under Mina annonser: ` +
          `${myAdsUrl(publicUrl)}\n\n${notificationFooter(publicUrl)}`,
      });
    },
  };
}

/** 'Är bilen fortfarande till salu?' with its two signed one-click links; one mail per ad and question. */
export function adStillForSaleJob({ db, identity, publicUrl, now = () => new Date() }: LifecycleJobDeps): QueuedJob {
  const tokens = answerTokens(db);
  return {
    kind: 'ad-still-for-sale',
    async run(job) {
      const askedFor = String(job.payload.askedFor);
      const ad = await adLifecycleRepository(db).asked(Number(job.payload.car), askedFor);
      if (!ad) return;
      const asked = new Date(askedFor);
      const link = async (answer: 'yes' | 'sold') =>
        `${publicUrl}${PAGE_PATHS.adAnswer}#annons=${ad.id}&svar=${answer}&token=` +
        (await tokens.make(ad.id, ad.username, asked, answer, now()));
      await identity.notify({
        key: `ad-still-for-sale-${ad.id}-${askedFor}`,
        username: ad.username,
        kind: 'adReminders',
        subject: `Är bilen fortfarande till salu? ${ad.title}`,
        text:
          `Hej ${ad.username}!\n\nDin annons "${ad.title}" (${ad.make} ${ad.model}) har inte ändrats på en månad. ` +
          `Är bilen fortfarande till salu? Svara med ett klick, ingen inloggning behövs:\n\n` +
          `Ja, den finns kvar (annonsen förnyas i ${AD_LIFETIME_DAYS} dagar): ${await link('yes')}\n` +
          `Den är såld (annonsen markeras som såld): ${await link('sold')}\n\n` +
          `Annonsen: ${publicUrl}/car/${ad.id}\nMina annonser: ${myAdsUrl(publicUrl)}\n\n` +
          notificationFooter(publicUrl),
      });
    },
  };
}
