import { DEALER_PHOTOS_JOB, type DealerPhotos, type DealerPhotosPayload } from '../services/dealer-photos.ts';
import type { QueuedJob } from './job-queue.ts';

/** An imported ad's photos, fetched and switched to after its row was applied (decision 060). */
export function dealerPhotosJob(photos: DealerPhotos): QueuedJob {
  return {
    kind: DEALER_PHOTOS_JOB,
    async run(job) {
      const p = job.payload;
      const payload: DealerPhotosPayload = {
        car: Number(p.car),
        run: Number(p.run),
        row: Number(p.row),
        photos: Array.isArray(p.photos) ? p.photos.map(String) : [],
      };
      await photos.apply(payload);
    },
  };
}
