import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { takeWindowLimits, windowLimit } from './window-limits.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase([]);
});
afterAll(() => t.dispose());

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 11, 1, 12, 0) + minutes * MINUTE);
const take = (key: string, max: number, minutes: number, windowMs = 10 * MINUTE) =>
  takeWindowLimits(t.db, [{ key, max, windowMs }], at(minutes));
const eventsOf = async (key: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM limits.events WHERE key = $1', [key])).rows[0]!.n;

describe('window limits', () => {
  it('refuses the event beyond the limit until the oldest counted one leaves the window', async () => {
    expect(await take('a', 2, 0)).toBeNull();
    expect(await take('a', 2, 3)).toBeNull();
    expect(await take('a', 2, 4)).toEqual({ retryAfterSeconds: 6 * 60 });
    expect(await eventsOf('a')).toBe(2);
    expect(await take('a', 2, 10)).toBeNull();
  });

  it('waits for the limit-th most recent event when more are counted than the limit allows', async () => {
    for (const minute of [0, 1, 2]) expect(await take('b', 5, minute)).toBeNull();
    expect(await take('b', 2, 3)).toEqual({ retryAfterSeconds: 8 * 60 });
  });

  it('counts under every key or none, and answers the longest wait', async () => {
    expect(await take('c1', 1, 0)).toBeNull();
    const both = (minute: number) =>
      takeWindowLimits(
        t.db,
        [
          { key: 'c1', max: 1, windowMs: 10 * MINUTE },
          { key: 'c2', max: 5, windowMs: 10 * MINUTE },
        ],
        at(minute),
      );
    expect(await both(2)).toEqual({ retryAfterSeconds: 8 * 60 });
    expect(await eventsOf('c2')).toBe(0);
    expect(await both(10)).toBeNull();
    expect([await eventsOf('c1'), await eventsOf('c2')]).toEqual([1, 1]);
  });

  it('drops every key’s events once they left their windows, whatever the window', async () => {
    expect(await take('d-short', 5, 0, MINUTE)).toBeNull();
    expect(await take('d-long', 5, 0, 60 * MINUTE)).toBeNull();
    expect(await take('d-other', 5, 2)).toBeNull();
    expect([await eventsOf('d-short'), await eventsOf('d-long')]).toEqual([0, 1]);
  });

  it('never refuses without a finite limit', async () => {
    await t.db.transaction(async (tx) => {
      const limit = windowLimit(tx, 'e', Infinity, MINUTE);
      for (let i = 0; i < 3; i++) {
        expect(await limit.check(at(0))).toBeNull();
        await limit.record(at(0));
      }
    });
    expect(await eventsOf('e')).toBe(3);
  });
});
