import { describe, expect, it } from 'vitest';
import { ConcurrencyLimiter } from './limiter.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('ConcurrencyLimiter', () => {
  it('runs at most max tasks at once, in arrival order, and passes results and errors through', async () => {
    const limiter = new ConcurrencyLimiter(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const tasks = Array.from({ length: 7 }, (_, i) =>
      limiter.run(async () => {
        order.push(i);
        peak = Math.max(peak, ++running);
        await tick();
        running--;
        if (i === 3) throw new Error('task 3 failed');
        return i * 10;
      }),
    );
    const results = await Promise.allSettled(tasks);
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results[3]).toMatchObject({ status: 'rejected' });
    expect(results[6]).toEqual({ status: 'fulfilled', value: 60 });
    expect([limiter.active, limiter.pending]).toEqual([0, 0]);
  });

  it('starts waiting tasks when the limit is raised', async () => {
    const limiter = new ConcurrencyLimiter(1);
    let release!: () => void;
    const blocker = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
    let started = false;
    const waiting = limiter.run(async () => {
      started = true;
    });
    await tick();
    expect(started).toBe(false);
    limiter.max = 2;
    await waiting;
    expect(started).toBe(true);
    release();
    await blocker;
    expect(() => new ConcurrencyLimiter(0)).toThrow(RangeError);
  });
});
