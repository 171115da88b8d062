import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import { MAX_IMAGES } from '@bilmarknaden/shared/constants';
import { lastFailure, type Rule } from '@bilmarknaden/shared/validation/rules';
import {
  newAdRules,
  normalizeNewAd,
  toValidAd,
  type NewAdInput,
  type ValidAd,
} from '@bilmarknaden/shared/validation/new-ad';
import { ImageRejectedError, type PhotoBytes, type ProcessedImage } from '../images/image-pipeline.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { fileKey } from '../storage/file-keys.ts';
import { accountClosedError, HttpError, MESSAGES } from '../errors.ts';
import { carsRepository, type CarOwnership } from '../repositories/cars-repository.ts';
import { closedSellersRepository } from '../repositories/closed-sellers-repository.ts';
import { fileRemovalsRepository } from '../repositories/file-removals-repository.ts';
import { makesRepository, type ResolvedMakeModel } from '../repositories/makes-repository.ts';
import { photoWritesRepository } from '../repositories/photo-writes-repository.ts';
import type { AdForm } from './ad-form.ts';

export type ImageProcessor = (input: PhotoBytes) => Promise<ProcessedImage>;

const JPEG = 'image/jpeg';

/**
 * How long a photo replacement or an ad removal holds its ad's lease (decision 013). It is taken after the form
 * is read (REQUEST_TIMEOUT_MS bounds only the receiving) and renewed once the photos are processed, so it has
 * to cover the processing (≤ 1.5 s of CPU for 8 photos; posts p99 10 s in the soak; a stuck photo is killed
 * after 60 s) and then the storing (at most 16 reads, 16 writes and 3 short transactions): minutes of margin.
 * A process that dies holding a lease blocks that ad's photos this long at most; on PGlite the start clears it.
 */
export const PHOTO_WRITE_LEASE_MS = 5 * 60 * 1000;

/** The storage keys of photo n (1…8) of an ad: the specification's `{carId}-{n}.jpeg` and the card variant. */
export function photoKeys(carId: number, n: number): { full: string; card: string } {
  return { full: fileKey(carId, n, 'full'), card: fileKey(carId, n, 'card') };
}

/** Every key an ad's photos can have, from photo `from` to 8. */
export function photoKeysFrom(carId: number, from = 1): string[] {
  const keys: string[] = [];
  for (let n = from; n <= MAX_IMAGES; n++) {
    const k = photoKeys(carId, n);
    keys.push(k.full, k.card);
  }
  return keys;
}

/** What settling one `inventory.file_removals` entry did. */
export type RemovalOutcome =
  | { status: 'done' }
  /** Nothing done: the entry is gone, another process is settling it, or its ad is still being uploaded. */
  | { status: 'skipped' }
  /** The store refused: the entry stays for the next start-up. */
  | { status: 'failed'; error: unknown };

/**
 * Deletes the files an `inventory.file_removals` entry names and then the entry. The ad's row is read again
 * now: a removed ad loses every file; a kept ad only the files beyond its current photo count, so an entry
 * never deletes photos a later update wrote again. The entry stays locked while the files are deleted: an
 * update of the same ad (another replica) replaces the ad's entries before writing any photo, and so waits.
 */
export async function settleFileRemoval(db: Database, storage: FileStorage, id: number): Promise<RemovalOutcome> {
  return db.transaction(async (tx) => {
    const removals = fileRemovalsRepository(tx);
    const entry = await removals.claim(id);
    // A pending ad has no entry of its own (a failed upload removes the row with the entry); the pending
    // cleanup removes it with all its files, and the entry is settled after that.
    if (!entry || entry.ad?.status === 'pending') return { status: 'skipped' };
    const from = entry.ad === null ? 1 : Math.max(entry.fromN, entry.ad.imageCount + 1);
    try {
      await storage.delete(photoKeysFrom(entry.carId, from));
    } catch (error) {
      return { status: 'failed', error };
    }
    await removals.remove(id);
    return { status: 'done' };
  });
}

/**
 * The shared new-ad rules plus the catalogue: the make must be a known make and the model one of its
 * models. The catalogue rules sit right after the model rules so "the last failing rule wins" still holds.
 */
export function adRules(resolved: ResolvedMakeModel): Rule<NewAdInput>[] {
  const catalogue: Rule<NewAdInput>[] = [
    { field: 'make', message: 'Ange ett märke', fails: (a) => a.make !== '' && resolved.make === null },
    {
      field: 'model',
      message: 'Ange en modell',
      fails: (a) => a.model !== '' && resolved.make !== null && resolved.model === null,
    },
  ];
  const afterModel = newAdRules.findLastIndex((r) => r.field === 'model') + 1;
  return [...newAdRules.slice(0, afterModel), ...catalogue, ...newAdRules.slice(afterModel)];
}

async function streamToBuffer(body: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

export interface AdServiceDeps {
  db: Database;
  storage: FileStorage;
  processImage: ImageProcessor;
  log: FastifyBaseLogger;
}

/**
 * Creating, editing and removing ads with their photos, all or nothing: photos are checked and re-encoded
 * before anything is stored, an ad stays 'pending' (invisible) until every photo is stored, and on any
 * failure the written files and the row are removed. No database transaction is open while photos are
 * processed or stored. Files that a row change makes surplus are recorded in `inventory.file_removals` in
 * the same transaction and deleted after it; what a crash or a store failure leaves there, the start-up
 * cleanup deletes. Replacing an ad's photos and removing an ad hold the ad's lease in `inventory.photo_writes`,
 * so at most one of them runs per ad (decision 013).
 */
export function adService({ db, storage, processImage, log }: AdServiceDeps) {
  const cars = carsRepository(db);
  const makes = makesRepository(db);
  const leases = photoWritesRepository(db);
  const closedSellers = closedSellersRepository(db);

  async function validate(fields: Record<string, unknown>): Promise<ValidAd> {
    const input = normalizeNewAd(fields);
    const resolved = await makes.resolve(input.make, input.model);
    const failure = lastFailure(adRules(resolved), input);
    if (failure) throw new HttpError(400, failure.message, failure.field);
    return { ...toValidAd(input), make: resolved.make!, model: resolved.model! };
  }

  async function processAll(files: readonly PhotoBytes[]): Promise<ProcessedImage[]> {
    const results = await Promise.allSettled(files.map((f) => processImage(f)));
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (rejected) {
      const err = rejected.reason;
      if (err instanceof ImageRejectedError) throw new HttpError(400, err.message, 'images');
      throw err;
    }
    return results.map((r) => (r as PromiseFulfilledResult<ProcessedImage>).value);
  }

  /** Writes photos 1…k; throws after every write has settled, so nothing is still being written. */
  async function writePhotos(carId: number, photos: readonly ProcessedImage[]): Promise<void> {
    const writes = photos.flatMap((p, i) => {
      const keys = photoKeys(carId, i + 1);
      return [storage.put(keys.full, p.full, JPEG), storage.put(keys.card, p.card, JPEG)];
    });
    const failed = (await Promise.allSettled(writes)).find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }

  /** Settles a removal entry just recorded; on failure the entry stays and the start-up cleanup settles it. */
  async function removeFiles(entryId: number, carId: number): Promise<void> {
    try {
      const outcome = await settleFileRemoval(db, storage, entryId);
      if (outcome.status === 'failed') log.warn({ err: outcome.error, carId }, 'could not remove photo files');
    } catch (err) {
      log.warn({ err, carId }, 'could not remove photo files');
    }
  }

  /** The ad of an owner action: 404 unless it is visible, 403 unless it is the user's. */
  async function ownAd(carId: number, username: string): Promise<CarOwnership> {
    const car = await cars.findOwnership(carId);
    if (!car || car.status !== 'active') throw new HttpError(404, MESSAGES.carNotFound);
    if (car.username !== username) throw new HttpError(403, MESSAGES.forbidden);
    return car;
  }

  /**
   * Takes the ad's photo-write lease for a new writer (decision 013): 409 while another request replaces or
   * removes its photos, 404 when the ad is gone. Answers the writer to release it with.
   */
  async function claimPhotoWrite(carId: number): Promise<string> {
    const writer = randomUUID();
    const result = await leases.claim(carId, writer, PHOTO_WRITE_LEASE_MS);
    if (result === 'gone') throw new HttpError(404, MESSAGES.carNotFound);
    if (result === 'busy') throw new HttpError(409, MESSAGES.photosBusy);
    return writer;
  }

  /** Gives the lease back; a failure is logged, never answered instead of the request's own outcome (it expires). */
  async function releasePhotoWrite(carId: number, writer: string): Promise<void> {
    try {
      await leases.release(carId, writer);
    } catch (err) {
      log.warn({ err, carId }, 'could not release the photo-write lease of an ad');
    }
  }

  /** Reads back the current photo files so a failed replacement can put them back. */
  async function backupPhotos(carId: number, count: number): Promise<Map<string, Buffer>> {
    const backup = new Map<string, Buffer>();
    for (let n = 1; n <= count; n++) {
      for (const key of Object.values(photoKeys(carId, n))) {
        const file = await storage.get(key);
        if (file) backup.set(key, await streamToBuffer(file.body));
      }
    }
    return backup;
  }

  async function restorePhotos(carId: number, newCount: number, backup: Map<string, Buffer>): Promise<void> {
    try {
      const extra: string[] = [];
      for (let n = 1; n <= newCount; n++) {
        for (const key of Object.values(photoKeys(carId, n))) if (!backup.has(key)) extra.push(key);
      }
      await storage.delete(extra);
      for (const [key, data] of backup) await storage.put(key, data, JPEG);
    } catch (err) {
      log.error({ err, carId }, 'could not restore the photos of an ad after a failed replacement');
    }
  }

  /** The photo part of `update`, run while holding the ad's lease as `writer`. */
  async function replacePhotos(
    carId: number,
    username: string,
    ad: ValidAd,
    files: readonly PhotoBytes[],
    writer: string,
  ): Promise<void> {
    const photos = await processAll(files);
    // Processing has no upper bound (queued behind other uploads): the lease must still be ours before any
    // file is touched, and gets its full length again for the storing.
    if (!(await leases.renew(carId, writer, PHOTO_WRITE_LEASE_MS))) throw new HttpError(409, MESSAGES.photosBusy);
    // Read under the lease: the photo count the files on disk have now.
    const before = await ownAd(carId, username);
    const backup = await backupPhotos(carId, before.imageCount);
    // Before any photo is written: the ad's removal entries become one for the files beyond its current
    // count. A crash before the update commits leaves it, and the start-up cleanup removes the new files
    // beyond the count the row still has; older entries can no longer delete the photos written now.
    const pendingWrite = await db.transaction(async (tx) => {
      const current = await carsRepository(tx).findOwnership(carId);
      if (!current || current.status !== 'active' || current.username !== username) return null;
      return fileRemovalsRepository(tx).replaceForAd(carId, current.imageCount + 1);
    });
    if (pendingWrite === null) throw new HttpError(404, MESSAGES.carNotFound);
    let surplus: number;
    try {
      await writePhotos(carId, photos);
      surplus = await db.transaction(async (tx) => {
        if (!(await carsRepository(tx).update(carId, username, ad, photos.length))) {
          throw new HttpError(404, MESSAGES.carNotFound);
        }
        return fileRemovalsRepository(tx).replaceForAd(carId, photos.length + 1);
      });
    } catch (err) {
      await restorePhotos(carId, photos.length, backup);
      // Files beyond the kept count (all of them if the ad was removed meanwhile).
      await removeFiles(pendingWrite, carId);
      throw err;
    }
    await removeFiles(surplus, carId);
  }

  return {
    validate,

    /**
     * `POST /001/1001`: the new ad's id once it is visible with all its photos. A closed account (its token is
     * valid until it expires) gets 401 before its form is read, and again if it was closed during the upload.
     *
     * What the closure covers: the erasure (services/seller-erasure.ts) records the account in
     * `inventory.closed_sellers` and only then reads and removes the seller's ads, in every state. An upload whose
     * publishing statement (`activate`, which checks the record in that same statement) starts after the record
     * committed is refused, and its row and files are removed below. One that published earlier, or whose
     * statement was still running as the record committed, inserted its row before the record, so before the
     * erasure reads the ads: the erasure removes it (waiting for the row's lock), pending or published. Until the
     * relay calls the erasure, identity's closure is unknown here and the token still posts: those ads are all
     * older than the record, so the erasure removes them too.
     * Not covered: a crash between a refused publishing and the removal below leaves a pending (invisible) row
     * with its files, removed by the start-up cleanup like any unfinished upload; recording the account without
     * running the erasure (only the erasure records it) would leave ads published before the record.
     */
    async create(username: string, readForm: () => Promise<AdForm>): Promise<number> {
      if (await closedSellers.isClosed(username)) throw accountClosedError();
      const form = await readForm();
      const ad = await validate(form.fields);
      const photos = await processAll(form.files);
      const id = await cars.insertPending(ad, username);
      try {
        await writePhotos(id, photos);
        if (!(await cars.activate(id, photos.length))) {
          if (await closedSellers.isClosed(username)) throw accountClosedError();
          throw new Error(`ad ${id} disappeared while pending`);
        }
      } catch (err) {
        // The row and the record of its files go together; if this fails, the row stays pending and the
        // start-up cleanup removes it with its files.
        const entry = await db
          .transaction(async (tx) => {
            await carsRepository(tx).delete(id);
            return fileRemovalsRepository(tx).add(id, 1);
          })
          .catch((e: unknown) => {
            log.error({ err: e, carId: id }, 'could not remove a failed ad');
            return null;
          });
        if (entry !== null) await removeFiles(entry, id);
        throw err;
      }
      return id;
    },

    /**
     * `PUT /cars/{id}`: the same fields and rules as a new ad. Photos, when any are sent, replace all the
     * old ones: processed first, then written over the old files; surplus old files are removed last.
     */
    async update(carId: number, username: string, readForm: () => Promise<AdForm>): Promise<void> {
      await ownAd(carId, username);
      const form = await readForm();
      const ad = await validate(form.fields);
      if (form.files.length === 0) {
        if (!(await cars.update(carId, username, ad))) throw new HttpError(404, MESSAGES.carNotFound);
        return;
      }
      // One photo replacement or removal per ad at a time, on every replica: the files have fixed names.
      const writer = await claimPhotoWrite(carId);
      try {
        await replacePhotos(carId, username, ad, form.files, writer);
      } finally {
        await releasePhotoWrite(carId, writer);
      }
    },

    /**
     * `DELETE /cars/{id}`: the row (and its saved entries and photo-write lease, by cascade) with the record of
     * its photo files, then the files. 409 while a photo replacement of the ad runs: it would write files after.
     */
    async remove(carId: number, username: string): Promise<void> {
      await ownAd(carId, username);
      const writer = await claimPhotoWrite(carId);
      let entry: number | null = null;
      try {
        entry = await db.transaction(async (tx) => {
          if (!(await carsRepository(tx).delete(carId, username))) return null;
          return fileRemovalsRepository(tx).add(carId, 1);
        });
      } finally {
        if (entry === null) await releasePhotoWrite(carId, writer);
      }
      if (entry === null) throw new HttpError(404, MESSAGES.carNotFound);
      await removeFiles(entry, carId);
    },
  };
}

export type AdService = ReturnType<typeof adService>;
