import type { Database } from '@bilmarknaden/db/database';
import { carsRepository } from '../repositories/cars-repository.ts';
import { closedSellersRepository } from '../repositories/closed-sellers-repository.ts';
import { feedbackRepository } from '../repositories/feedback-repository.ts';
import { adReportsRepository } from '../repositories/ad-reports-repository.ts';
import { userReportsRepository } from '../repositories/user-reports-repository.ts';
import { fileRemovalsRepository } from '../repositories/file-removals-repository.ts';
import { removeSavedOfAds, savedRepository } from '../repositories/saved-repository.ts';
import { watchesRepository } from '../repositories/watches-repository.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { settleFileRemovals } from './ad-service.ts';
import type { Log } from '@bilmarknaden/service-kit/log';

/** Ads removed per transaction: their rows, saved entries and removal records; their files after the commit. */
export const ERASURE_BATCH = 100;

export interface SellerErasureDeps {
  db: Database;
  storage: FileStorage;
  /** Told about photo files the store refused to delete (their record stays for the start-up cleanup). */
  log?: Pick<Log, 'warn'>;
}

export interface ErasureResult {
  /** The seller's ads removed, in every state (visible, pending uploads). */
  removedAds: number;
  /** Saved-ad entries removed: the seller's own and everyone's of the seller's removed ads. */
  removedSaved: number;
  /** The user's bevakningar removed (with their hits). */
  removedWatches: number;
}

/**
 * Inventory's side of closing an account (GDPR erasure), called by the relay in `server/` for each closed
 * username. `erase`:
 *
 * 1. records the account in `inventory.closed_sellers`, so from then on creating an ad, publishing an upload that
 *    is under way and saving an ad with the account's still valid token are refused (401);
 * 2. removes the user's own saved ads and bevakningar and unlinks their feedback (username set to NULL; the message
 *    and the contact details typed into the form stay for staff) and their reports of ads (the reports stay, issue #27);
 * 3. removes the seller's ads in every state, ERASURE_BATCH at a time, as `DELETE /cars/{id}` removes one: in one
 *    transaction the rows, everyone's saved entries of them and the record of their photo versions
 *    (`inventory.file_removals`, decision 028); after the commit the files are deleted and each record removed.
 *    A photo replacement under way finds its ad gone at its switch and removes its own files.
 *
 * Usernames are matched by lower(), as identity keeps them unique. Idempotent: erasing again, or a name without
 * ads, removes nothing more and succeeds.
 */
export function createSellerErasure({ db, storage, log }: SellerErasureDeps) {
  const cars = carsRepository(db);

  /** Removes the ads of one page: rows, saved entries and removal records together. */
  function removeAds(username: string, ids: readonly number[]) {
    return db.transaction(async (tx) => {
      // Removed first to be counted; the foreign key cascades any saved since with the rows.
      const saved = await removeSavedOfAds(tx, ids);
      const removed = await carsRepository(tx).deleteOfSeller(ids, username);
      await fileRemovalsRepository(tx).add(removed);
      return { removed, saved };
    });
  }

  return {
    async erase(username: string): Promise<ErasureResult> {
      await closedSellersRepository(db).record(username);
      let removedSaved = await savedRepository(db).removeOfUser(username);
      await feedbackRepository(db).unlinkUser(username);
      // Under the user's lock, after the record: a bevakning being saved has committed, or sees the account closed.
      const removedWatches = await db.transaction(async (tx) => {
        await watchesRepository(tx).lockUser(username);
        return watchesRepository(tx).removeOfUser(username);
      });
      await adReportsRepository(db).unlinkReporter(username);
      await userReportsRepository(db).unlinkReporter(username);
      let removedAds = 0;
      let after = 0;
      for (;;) {
        const ids = await cars.sellerAdIds(username, after, ERASURE_BATCH);
        if (ids.length === 0) break;
        const page = await removeAds(username, ids);
        removedAds += page.removed.length;
        removedSaved += page.saved;
        await settleFileRemovals(db, storage, page.removed, log);
        after = ids[ids.length - 1]!;
      }
      return { removedAds, removedSaved, removedWatches };
    },
  };
}

export type SellerErasure = ReturnType<typeof createSellerErasure>;
