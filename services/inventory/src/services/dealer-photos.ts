import type { Database } from '@bilmarknaden/db/database';
import { FEED_MESSAGES, type FeedRowError } from '@bilmarknaden/shared/dealer-feed';
import type { Log } from '@bilmarknaden/service-kit/log';
import { ImageRejectedError, type ProcessedImage } from '../images/image-pipeline.ts';
import { dealerImportRepository } from '../repositories/dealer-import-repository.ts';
import { fileRemovalsRepository, type PhotoVersion } from '../repositories/file-removals-repository.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { fileKey } from '../storage/file-keys.ts';
import { settleFileRemovals, type ImageProcessor } from './ad-service.ts';
import { photoKey } from './dealer-feed-parser.ts';
import { PhotoFetchError, type PhotoFetcher } from './photo-fetcher.ts';

export const DEALER_PHOTOS_JOB = 'dealer-photos';

/** The photo job's payload: the ad, the run and row that named the photos, and the photos in order. */
export interface DealerPhotosPayload {
  car: number;
  run: number;
  row: number;
  photos: string[];
}

export interface DealerPhotosDeps {
  db: Database;
  storage: FileStorage;
  processImage: ImageProcessor;
  fetcher: PhotoFetcher;
  log: Pick<Log, 'warn' | 'error'>;
}

/**
 * An imported ad's photos (decision 060): fetched by URL or taken from the run's zip, checked and re-encoded by the
 * ad form's photo pipeline, written as a new version and switched to as an edit's photos are (decision 028). A
 * photo that cannot be used is the row's error in the run's report; the others are kept.
 */
export function dealerPhotos({ db, storage, processImage, fetcher, log }: DealerPhotosDeps) {
  const runs = dealerImportRepository(db);

  async function photoBytes(run: number, ref: string): Promise<Buffer | null> {
    if (/^https?:\/\//i.test(ref)) return fetcher.fetch(ref);
    return runs.zipPhoto(run, photoKey(ref));
  }

  async function writePhotos({ carId, version }: PhotoVersion, photos: readonly ProcessedImage[]): Promise<void> {
    const writes = photos.flatMap((p, i) => [
      storage.put(fileKey(carId, version, i + 1), p.full, 'image/jpeg'),
      storage.put(fileKey(carId, version, i + 1, 'card'), p.card, 'image/jpeg'),
    ]);
    const failed = (await Promise.allSettled(writes)).find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }

  return {
    async apply({ car, run, row, photos }: DealerPhotosPayload): Promise<void> {
      const listed = photos.join('\n');
      const current = await db.query<{ username: string; status: string; import_photos: string | null }>(
        'SELECT username, status, import_photos FROM inventory.cars WHERE id = $1',
        [car],
      );
      const ad = current.rows[0];
      // Gone, no longer for sale, or a later import named other photos (whose own job follows).
      if (!ad || ad.status !== 'active' || (ad.import_photos ?? '') !== listed) return;

      const errors: FeedRowError[] = [];
      const processed: ProcessedImage[] = [];
      for (const ref of photos) {
        try {
          const bytes = await photoBytes(run, ref);
          if (!bytes) {
            errors.push({ row, field: 'photos', message: FEED_MESSAGES.photoMissing(ref) });
            continue;
          }
          processed.push(await processImage(bytes));
        } catch (err) {
          if (!(err instanceof PhotoFetchError || err instanceof ImageRejectedError)) throw err;
          errors.push({ row, field: 'photos', message: `${FEED_MESSAGES.photoUnusable(ref)}: ${err.message}` });
        }
      }
      await runs.addErrors(run, errors);
      // None usable of those named: the ad keeps what it has.
      if (photos.length > 0 && processed.length === 0) return;

      const removals = fileRemovalsRepository(db);
      const version = await removals.startVersion(car, ad.username);
      if (version === null) return;
      const written = { carId: car, version };
      let old: PhotoVersion | null;
      try {
        await writePhotos(written, processed);
        old = await db.transaction(async (tx) => {
          const r = await tx.query<{ image_version: number; import_photos: string | null; status: string }>(
            'SELECT image_version, import_photos, status FROM inventory.cars WHERE id = $1 FOR UPDATE',
            [car],
          );
          const now = r.rows[0];
          if (!now || now.status !== 'active' || (now.import_photos ?? '') !== listed) return null;
          if (now.image_version > version) return null;
          const txRemovals = fileRemovalsRepository(tx);
          if (!(await txRemovals.remove(written))) return null;
          await tx.query('UPDATE inventory.cars SET image_count = $2, image_version = $3 WHERE id = $1', [
            car,
            processed.length,
            version,
          ]);
          const previous = { carId: car, version: now.image_version };
          await txRemovals.add([previous]);
          return previous;
        });
      } catch (err) {
        await settleFileRemovals(db, storage, [written], log);
        throw err;
      }
      await settleFileRemovals(db, storage, [old ?? written], log);
    },
  };
}

export type DealerPhotos = ReturnType<typeof dealerPhotos>;
