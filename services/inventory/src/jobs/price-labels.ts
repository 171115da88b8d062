import type { Database } from '@bilmarknaden/db/database';
import { priceRepository } from '../repositories/price-repository.ts';
import type { QueuedJob } from './job-queue.ts';

/**
 * Writes the price labels a change of their cell's range left because another transaction held the ads
 * (inventory.refresh_price_labels, decision 064). Ads still held then are queued again.
 */
export function priceLabelsJob({ db }: { db: Database }): QueuedJob {
  return {
    kind: 'price-labels',
    async run(job) {
      const cars = (job.payload.cars as unknown[]).map(Number).filter(Number.isInteger);
      await priceRepository(db).refreshLabels(cars);
    },
  };
}
