import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createJob, runJobs, type JobContext } from './job-runner.ts';

const silent = { error: () => undefined };

/** A job whose runs wait until released, counting them. */
function gatedJob(opts: { runAtStart?: boolean } = {}) {
  let runs = 0;
  let release: () => void = () => undefined;
  const contexts: JobContext[] = [];
  const definition = {
    name: 'test',
    intervalMs: 60_000,
    ...opts,
    async run(ctx: JobContext) {
      runs++;
      contexts.push(ctx);
      await new Promise<void>((resolve) => (release = resolve));
    },
  };
  return { definition, runs: () => runs, release: () => release(), contexts };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('a job', () => {
  it('runs at start, runs once more when woken during a run, and never two runs at once', async () => {
    const gated = gatedJob();
    const job = createJob(gated.definition, silent);
    job.wake();
    expect(gated.runs()).toBe(0);
    job.start();
    await tick();
    expect(gated.runs()).toBe(1);
    job.wake();
    job.wake();
    gated.release();
    await tick();
    expect(gated.runs()).toBe(2);
    gated.release();
    await tick();
    expect(gated.runs()).toBe(2);
    await job.close();
  });

  it('waits one interval when asked to, and runs by hand before start', async () => {
    const gated = gatedJob({ runAtStart: false });
    const job = createJob(gated.definition, silent);
    job.start();
    await tick();
    expect(gated.runs()).toBe(0);
    const done = job.run();
    await tick();
    gated.release();
    await done;
    expect(gated.runs()).toBe(1);
    await job.close();
  });

  it('logs a failed run, and close waits for the run under way, telling it the job is closing', async () => {
    const errors: string[] = [];
    const job = createJob(
      { name: 'failing', intervalMs: 60_000, run: () => Promise.reject(new Error('down')) },
      { error: (_obj, msg) => void errors.push(msg) },
    );
    await job.run();
    expect(errors).toEqual(['the job failing failed; tried again']);

    const gated = gatedJob();
    const slow = createJob(gated.definition, silent);
    slow.start();
    await tick();
    let closed = false;
    const closing = slow.close().then(() => (closed = true));
    await tick();
    expect(closed).toBe(false);
    expect(gated.contexts[0]!.closing).toBe(true);
    gated.release();
    await closing;
    slow.wake();
    expect(gated.runs()).toBe(1);
  });

  it('starts with its app when ready and ends before the app has closed', async () => {
    const gated = gatedJob();
    const app = Fastify();
    runJobs(app, [createJob(gated.definition, silent)]);
    await app.ready();
    await tick();
    expect(gated.runs()).toBe(1);
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await tick();
    expect(closed).toBe(false);
    gated.release();
    await closing;
  });
});
