import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import { carsRepository } from '../repositories/cars-repository.ts';
import { closedSellersRepository } from '../repositories/closed-sellers-repository.ts';
import { feedbackRepository } from '../repositories/feedback-repository.ts';
import { fileRemovalsRepository } from '../repositories/file-removals-repository.ts';
import { photoWritesRepository } from '../repositories/photo-writes-repository.ts';
import { removeSavedOfAds, savedRepository } from '../repositories/saved-repository.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { PHOTO_WRITE_LEASE_MS, settleFileRemoval } from './ad-service.ts';

/** Ads removed per transaction: their rows, saved entries and removal records; their files after the commit. */
export const ERASURE_BATCH = 100;

export interface SellerErasureDeps {
  db: Database;
  storage: FileStorage;
  /** Told about photo files the store refused to delete (their record stays for the start-up cleanup). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface ErasureResult {
  /** The seller's ads removed, in every state (visible, pending uploads). */
  removedAds: number;
  /** Saved-ad entries removed: the seller's own and everyone's of the seller's removed ads. */
  removedSaved: number;
}

/**
 * Some of the seller's ads are having their photos replaced or removed right now (their lease in
 * `inventory.photo_writes`, decision 013): they are left for now. The account is recorded closed and everything
 * else is erased; erasing again later (the relay's next round) removes them.
 */
export class SellerAdsBusyError extends Error {
  constructor(readonly busyAds: readonly number[]) {
    super(`${busyAds.length} ad(s) of the closed seller are being written; erase again later`);
    this.name = 'SellerAdsBusyError';
  }
}

/**
 * Inventory's side of closing an account (GDPR erasure), called by the relay in `server/` for each closed
 * username. `erase`:
 *
 * 1. records the account in `inventory.closed_sellers`, so from then on creating an ad, publishing an upload that
 *    is under way and saving an ad with the account's still valid token are refused (401);
 * 2. removes the user's own saved ads and unlinks their feedback (username set to NULL; the message and the
 *    contact details typed into the form stay for staff);
 * 3. removes the seller's ads in every state, ERASURE_BATCH at a time, as `DELETE /cars/{id}` removes one: the ad's
 *    photo-write lease first (an ad whose photos another request is writing is left, see SellerAdsBusyError), then
 *    in one transaction the rows, everyone's saved entries of them and the record of their photo files
 *    (`inventory.file_removals`, decision 007); after the commit the files are deleted and each record removed.
 *    A crash or a store error leaves records the start-up cleanup settles. The row trigger keeps the listing's
 *    day and hour counts (decisions 008, 016) and the search columns go with the rows.
 *
 * Usernames are matched by lower(), as identity keeps them unique. Idempotent: erasing again, or a name without
 * ads, removes nothing more and succeeds. No transaction is open while files are deleted, except each removal
 * record's own short one (its lock, decision 007).
 */
export function createSellerErasure({ db, storage, log }: SellerErasureDeps) {
  const cars = carsRepository(db);
  const leases = photoWritesRepository(db);

  /** Deletes the files of the records just committed; a store failure leaves the record for the start-up. */
  async function settle(entries: readonly number[]): Promise<void> {
    for (const entry of entries) {
      try {
        const outcome = await settleFileRemoval(db, storage, entry);
        if (outcome.status === 'failed')
          log?.warn({ err: outcome.error, removal: entry }, 'could not remove photo files');
      } catch (err) {
        log?.warn({ err, removal: entry }, 'could not remove photo files');
      }
    }
  }

  /** Removes the leased ads of one page: rows, saved entries and removal records together. */
  async function removeAds(username: string, ids: readonly number[], writer: string) {
    try {
      return await db.transaction(async (tx) => {
        // Removed first to be counted; the foreign key cascades any saved since with the rows.
        const saved = await removeSavedOfAds(tx, ids);
        const removed = await carsRepository(tx).deleteOfSeller(ids, username);
        const entries = await fileRemovalsRepository(tx).addForAds(removed);
        return { removed: removed.length, saved, entries };
      });
    } catch (err) {
      // The rows stay: so do their leases, until given back here (or they expire).
      await leases.releaseAll(writer).catch(() => undefined);
      throw err;
    }
  }

  return {
    async erase(username: string): Promise<ErasureResult> {
      await closedSellersRepository(db).record(username);
      let removedSaved = await savedRepository(db).removeOfUser(username);
      await feedbackRepository(db).unlinkUser(username);
      let removedAds = 0;
      const busy: number[] = [];
      let after = 0;
      for (;;) {
        const ids = await cars.sellerAdIds(username, after, ERASURE_BATCH);
        if (ids.length === 0) break;
        const writer = randomUUID();
        const leased = await leases.claimMany(ids, writer, PHOTO_WRITE_LEASE_MS);
        // An ad of the page was removed meanwhile (its owner's DELETE): read the page again.
        if (leased === null) continue;
        const leasedSet = new Set(leased);
        // Another request replaces or removes these ads' photos: removing the rows under it could leave its files.
        busy.push(...ids.filter((id) => !leasedSet.has(id)));
        const page = await removeAds(username, leased, writer);
        // A leased ad removed meanwhile took its lease with it; none is left unless something else changed.
        if (page.removed < leased.length) await leases.releaseAll(writer);
        removedAds += page.removed;
        removedSaved += page.saved;
        await settle(page.entries);
        after = ids[ids.length - 1]!;
      }
      // The ads skipped may have been removed by their owner since; only those still there stop the erasure.
      if (busy.length > 0) {
        const left = await cars.photoStates(busy);
        if (left.size > 0) throw new SellerAdsBusyError([...left.keys()]);
      }
      return { removedAds, removedSaved };
    },
  };
}

export type SellerErasure = ReturnType<typeof createSellerErasure>;
