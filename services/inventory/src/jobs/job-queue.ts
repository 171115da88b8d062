import type { Database } from '@bilmarknaden/db/database';
import type { JobContext, JobDefinition } from '@bilmarknaden/service-kit/jobs/job-runner';
import { jobsRepository, type ClaimedJob } from '../repositories/jobs-repository.ts';
import type { Log } from '@bilmarknaden/service-kit/log';

/**
 * A kind of job of `inventory.jobs`, one file each: run resolves when the job's work is done (the row is then
 * deleted) and throws to have it tried again later. A job runs at least once, so its run is idempotent.
 */
export interface QueuedJob {
  kind: string;
  run(job: ClaimedJob): Promise<void>;
}

export interface JobQueueOptions {
  db: Database;
  jobs: QueuedJob[];
  log: Pick<Log, 'warn' | 'error'>;
  now?: () => Date;
  /** Run before each round (the digest's scheduler). */
  beforeRound?: (at: Date) => Promise<void>;
  /** How often the runner looks besides being woken; 5 s by default. */
  intervalMs?: number;
  /** A claimed job is due again after this should its runner die; 5 minutes by default. */
  leaseMs?: number;
}

export const DEFAULT_JOB_INTERVAL_MS = 5_000;
export const DEFAULT_JOB_LEASE_MS = 5 * 60_000;
const CLAIM_BATCH = 10;

/** Waits after the n-th failed try (the last repeats). */
const RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 60 * 60_000];

/** The queue's runner as a job, and its round by hand at a given time (tests, the bench). */
export interface JobQueue extends JobDefinition {
  /** Runs every due job (the job's run calls it; tests call it with their time). Answers how many ran. */
  runDue(at?: Date, ctx?: JobContext): Promise<number>;
}

/**
 * The inventory's job queue (decision 039). Jobs are rows of `inventory.jobs`, queued in the transaction of the
 * change that caused them; a round claims due ones with FOR UPDATE SKIP LOCKED (several replicas share the rows,
 * each job is claimed by one) and runs them one at a time with no transaction open (PGlite has one connection).
 * A job runs at least once: a crash leaves it due again when its lease ends. Handlers are idempotent (their
 * writes are keyed), which makes each announcement at most once.
 */
export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const now = opts.now ?? (() => new Date());
  const leaseMs = opts.leaseMs ?? DEFAULT_JOB_LEASE_MS;
  const jobs = jobsRepository(opts.db);
  const kinds = new Map(opts.jobs.map((job) => [job.kind, job]));

  async function runOne(job: ClaimedJob, at: Date): Promise<void> {
    const definition = kinds.get(job.kind);
    try {
      if (!definition) throw new Error(`no handler for job kind ${job.kind}`);
      await definition.run(job);
    } catch (err) {
      const delay = RETRY_DELAYS_MS[Math.min(job.attempts, RETRY_DELAYS_MS.length) - 1]!;
      opts.log.warn({ err, job: job.id, kind: job.kind, attempts: job.attempts }, 'a job failed; tried again later');
      await jobs.retryAt(job.id, new Date(at.getTime() + delay), String(err));
      return;
    }
    await jobs.done(job.id);
  }

  async function runDue(at?: Date, ctx: JobContext = { closing: false }): Promise<number> {
    await opts.beforeRound?.(at ?? now());
    let ran = 0;
    for (;;) {
      // The clock read again for each claim, so the jobs queued by this round's jobs are due in it.
      const claimAt = at ?? now();
      const claimed = await jobs.claimDue(claimAt, new Date(claimAt.getTime() + leaseMs), CLAIM_BATCH);
      for (const job of claimed) await runOne(job, claimAt);
      ran += claimed.length;
      // Until a claim finds none: jobs queued by this round's jobs (a match's alerts) run in it too.
      if (claimed.length === 0 || ctx.closing) return ran;
    }
  }

  return {
    name: 'inventory-jobs',
    intervalMs: opts.intervalMs ?? DEFAULT_JOB_INTERVAL_MS,
    failure: 'a job round failed; tried again',
    run: (ctx) => runDue(undefined, ctx),
    runDue,
  };
}
