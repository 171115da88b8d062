import type { Database, Queryable } from './database.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Refused by a window limit: how long until enough counted events leave the window. */
export interface WindowLimited {
  retryAfterSeconds: number;
}

/**
 * A sliding-window limit counted in `limits.events`, shared by every service and replica, used inside the
 * caller's transaction: `check` first (it takes the key's lock until the transaction ends, so concurrent takes of
 * one key count one after the other), then `record` once the limited thing is stored; a transaction that rolls
 * back records nothing. Each event keeps the time it leaves its window, so keys of any window share the table.
 */
export function windowLimit(tx: Queryable, key: string, max: number, windowMs: number) {
  return {
    async check(at: Date): Promise<WindowLimited | null> {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('limits:' || $1, 0))`, [key]);
      await tx.query('DELETE FROM limits.events WHERE key = $1 AND expires_at <= $2', [key, at]);
      if (!Number.isFinite(max)) return null;
      // The max-th most recent event: while it is in the window, so are max events.
      const r = await tx.query<{ expires_at: Date | string }>(
        'SELECT expires_at FROM limits.events WHERE key = $1 ORDER BY expires_at DESC OFFSET $2 LIMIT 1',
        [key, Math.max(0, Math.floor(max) - 1)],
      );
      const frees = r.rows[0]?.expires_at;
      if (frees === undefined) return null;
      return { retryAfterSeconds: Math.max(1, Math.ceil((new Date(frees).getTime() - at.getTime()) / 1000)) };
    },
    async record(at: Date): Promise<void> {
      await tx.query('INSERT INTO limits.events (key, expires_at) VALUES ($1, $2)', [
        key,
        new Date(at.getTime() + windowMs),
      ]);
    },
  };
}

/** A window limit of an hour. */
export const hourlyLimit = (tx: Queryable, key: string, max: number) => windowLimit(tx, key, max, HOUR_MS);

/** One limit of `takeWindowLimits`. */
export interface WindowLimitSpec {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counts one event under every key at once, in a transaction of its own, unless a key is at its limit: then nothing
 * is counted and the answer is the longest wait. Keys are locked in the order given. Events that left their window
 * under any key are dropped first, outside the locks (they are rows of every key).
 */
export async function takeWindowLimits(
  db: Database,
  limits: readonly WindowLimitSpec[],
  at: Date,
): Promise<WindowLimited | null> {
  await db.query('DELETE FROM limits.events WHERE expires_at <= $1', [at]);
  return db.transaction(async (tx) => {
    const taken = limits.map((l) => windowLimit(tx, l.key, l.max, l.windowMs));
    let wait = 0;
    for (const limit of taken) wait = Math.max(wait, (await limit.check(at))?.retryAfterSeconds ?? 0);
    if (wait > 0) return { retryAfterSeconds: wait };
    for (const limit of taken) await limit.record(at);
    return null;
  });
}

/** The key of one user's reports of ads, users and conversations: one limit over all three (issue 46). */
export const reportsLimitKey = (username: string) => `reports:${username.toLowerCase()}`;
