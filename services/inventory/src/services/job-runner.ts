import { createRounds } from '@bilmarknaden/service-kit/rounds';
import type { Database } from '@bilmarknaden/db/database';
import { jobsRepository, type ClaimedJob } from '../repositories/jobs-repository.ts';

/** Runs one job; resolves when its work is done (the job is then deleted), throws to have it tried again later. */
export type JobHandler = (job: ClaimedJob) => Promise<void>;

export interface JobRunnerOptions {
  db: Database;
  handlers: Record<string, JobHandler>;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
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

export interface JobRunner {
  /** Rounds now and every intervalMs, until close. */
  start(): void;
  /** A round soon (after a write that queued work); a round under way runs once more. */
  wake(): void;
  /** Runs every due job (the rounds call it; tests call it with their time). Answers how many ran. */
  runDue(at?: Date): Promise<number>;
  /** Stops the rounds and waits for a job under way. */
  close(): Promise<void>;
}

/**
 * The inventory's job runner (decision 039). Jobs are rows of `inventory.jobs`, queued in the transaction of the
 * change that caused them; a round claims due ones with FOR UPDATE SKIP LOCKED (several replicas share the rows,
 * each job is claimed by one) and runs them one at a time with no transaction open (PGlite has one connection).
 * A job runs at least once: a crash leaves it due again when its lease ends. Handlers are idempotent (their
 * writes are keyed), which makes each announcement at most once.
 */
export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const now = opts.now ?? (() => new Date());
  const leaseMs = opts.leaseMs ?? DEFAULT_JOB_LEASE_MS;
  const jobs = jobsRepository(opts.db);

  async function runOne(job: ClaimedJob, at: Date): Promise<void> {
    const handler = opts.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job);
    } catch (err) {
      const delay = RETRY_DELAYS_MS[Math.min(job.attempts, RETRY_DELAYS_MS.length) - 1]!;
      opts.log.warn({ err, job: job.id, kind: job.kind, attempts: job.attempts }, 'a job failed; tried again later');
      await jobs.retryAt(job.id, new Date(at.getTime() + delay), String(err));
      return;
    }
    await jobs.done(job.id);
  }

  async function runDue(at?: Date): Promise<number> {
    await opts.beforeRound?.(at ?? now());
    let ran = 0;
    for (;;) {
      // The clock read again for each claim, so the jobs queued by this round's jobs are due in it.
      const claimAt = at ?? now();
      const claimed = await jobs.claimDue(claimAt, new Date(claimAt.getTime() + leaseMs), CLAIM_BATCH);
      for (const job of claimed) await runOne(job, claimAt);
      ran += claimed.length;
      // Until a claim finds none: jobs queued by this round's jobs (a match's alerts) run in it too.
      if (claimed.length === 0 || rounds.closed) return ran;
    }
  }

  const rounds = createRounds({
    round: () => runDue(),
    intervalMs: opts.intervalMs ?? DEFAULT_JOB_INTERVAL_MS,
    log: opts.log,
    failure: 'a job round failed; tried again',
  });
  const runner: JobRunner = { start: rounds.start, wake: rounds.wake, runDue, close: rounds.close };
  return runner;
}
