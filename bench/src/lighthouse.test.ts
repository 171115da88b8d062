import { describe, expect, it } from 'vitest';
import { ATTEMPTS_PER_RUN, measureRun } from './lighthouse.ts';

type Lhr = Awaited<ReturnType<Parameters<typeof measureRun>[0]>>;

// The shape Lighthouse returns: a page it could not measure has a runtimeError and scores of 0.
const measured = (performance: number) =>
  ({ categories: { performance: { score: performance / 100 } }, audits: {} }) as unknown as Lhr;
const unmeasured = (code: string) =>
  ({
    categories: { performance: { score: 0 } },
    audits: {},
    runtimeError: { code, message: `${code} happened` },
  }) as unknown as Lhr;

const sequence = (...results: Lhr[]) => {
  let calls = 0;
  return {
    audit: async () => results[Math.min(calls++, results.length - 1)]!,
    calls: () => calls,
  };
};

describe('measureRun', () => {
  it('keeps a measured first attempt and tries no more', async () => {
    const s = sequence(measured(98), measured(40));
    const run = await measureRun(s.audit);
    expect(run.lhr?.categories.performance?.score).toBe(0.98);
    expect(run.failed).toEqual([]);
    expect(s.calls()).toBe(1);
  });

  it('tries again after an attempt Lighthouse could not measure, and names it', async () => {
    const s = sequence(unmeasured('NO_FCP'), measured(97));
    const run = await measureRun(s.audit);
    expect(run.lhr?.categories.performance?.score).toBe(0.97);
    expect(run.failed).toEqual([{ code: 'NO_FCP', message: 'NO_FCP happened' }]);
    expect(s.calls()).toBe(2);
  });

  it('gives no result, not a score of 0, when every attempt fails', async () => {
    const s = sequence(unmeasured('NO_FCP'), unmeasured('PAGE_HUNG'), unmeasured('NO_FCP'), measured(99));
    const run = await measureRun(s.audit);
    expect(run.lhr).toBeNull();
    expect(run.failed.map((f) => f.code)).toEqual(['NO_FCP', 'PAGE_HUNG', 'NO_FCP']);
    expect(s.calls()).toBe(ATTEMPTS_PER_RUN);
  });
});
