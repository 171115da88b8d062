import type { FastifyInstance } from 'fastify';

/** What a run of a job may ask of its runner. */
export interface JobContext {
  /** True once the job is closing: a long run stops at its next step. */
  readonly closing: boolean;
}

/**
 * A background job, one file each (`src/jobs/<name>.ts`): a sweep, an outbox's sender or relay, or the runner of a
 * durable queue. Its run is one round of work; the state it needs to be safe to run twice lives in the database.
 */
export interface JobDefinition {
  name: string;
  intervalMs: number;
  run(ctx: JobContext): Promise<unknown>;
  /** False: the first run waits one interval (the process did that work itself before it was ready). */
  runAtStart?: boolean;
  /** The log line of a failed run; by default one naming the job. */
  failure?: string;
}

/** A job as its runner runs it: now, on a wake-up and every `intervalMs`, never two runs at once. */
export interface Job {
  readonly name: string;
  /** Runs from now on until close. */
  start(): void;
  /** A run soon (after a write that queued work); a run under way runs once more. Nothing before start. */
  wake(): void;
  /** A run now, started or not (tests, scripts); after a run under way. Resolves when done; a failure is logged. */
  run(): Promise<void>;
  /** Stops the runs and waits for one under way. */
  close(): Promise<void>;
}

export interface JobLog {
  error(obj: object, msg: string): void;
}

/** The loop of one job definition (decisions 032 and 039): the same for every background job of every service. */
export function createJob(definition: JobDefinition, log: JobLog): Job {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  let closed = false;
  const ctx: JobContext = {
    get closing() {
      return closed;
    },
  };

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await definition.run(ctx);
      } while (again && !closed);
    })()
      .catch((err: unknown) =>
        log.error(
          { err, job: definition.name },
          definition.failure ?? `the job ${definition.name} failed; tried again`,
        ),
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    name: definition.name,
    start() {
      if (started || closed) return;
      started = true;
      timer = setInterval(() => void run(), definition.intervalMs);
      timer.unref();
      if (definition.runAtStart !== false) void run();
    },
    wake() {
      if (started && !closed) void run();
    },
    run,
    async close() {
      closed = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}

/**
 * The job runner of a service: its jobs start when the app is ready and stop, each waiting for a run under way,
 * before the database closes (preClose comes before every onClose hook).
 */
export function runJobs(app: FastifyInstance, jobs: Job[]): void {
  app.addHook('onReady', async () => {
    for (const job of jobs) job.start();
  });
  app.addHook('preClose', async () => {
    await Promise.all(jobs.map((job) => job.close()));
  });
}
