import { DEALER_IMPORT_JOB, type DealerImportService } from '../services/dealer-import-service.ts';
import type { QueuedJob } from './job-queue.ts';

/**
 * Applies a dealer's queued feed (decision 060) from its committed cursor: a crash, a lease that ended or a retry
 * resumes where the last chunk committed, so no row is applied twice.
 */
export function dealerImportJob(imports: DealerImportService): QueuedJob {
  return {
    kind: DEALER_IMPORT_JOB,
    async run(job) {
      const kommun = typeof job.payload.kommun === 'string' ? job.payload.kommun : null;
      await imports.run(Number(job.payload.run), { kommun });
    },
  };
}
