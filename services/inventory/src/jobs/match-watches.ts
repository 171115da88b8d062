import type { Database } from '@bilmarknaden/db/database';
import { watchesRepository } from '../repositories/watches-repository.ts';
import type { QueuedJob } from './job-queue.ts';

/** Matches the job's ads against every bevakning (one statement) and queues the alerts (decision 040). */
export function matchWatchesJob({ db }: { db: Database }): QueuedJob {
  return {
    kind: 'match',
    async run(job) {
      const cars = (job.payload.cars as unknown[]).map(Number).filter(Number.isInteger);
      await watchesRepository(db).matchCars(cars);
    },
  };
}
