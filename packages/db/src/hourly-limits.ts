import type { Queryable } from './database.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Refused by an hourly limit: how long until the oldest counted event leaves the hour. */
export interface HourlyLimited {
  retryAfterSeconds: number;
}

/**
 * An hourly limit shared by services (`limits.events`), used inside the caller's transaction: `check` first (it
 * takes the key's lock until the transaction ends, so concurrent takes of one key count one after the other), then
 * `record` once the limited thing is stored; a transaction that rolls back records nothing.
 */
export function hourlyLimit(tx: Queryable, key: string, max: number) {
  return {
    async check(at: Date): Promise<HourlyLimited | null> {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('limits:' || $1, 0))`, [key]);
      const since = new Date(at.getTime() - HOUR_MS);
      await tx.query('DELETE FROM limits.events WHERE key = $1 AND at <= $2', [key, since]);
      const r = await tx.query<{ n: number; oldest: Date | string | null }>(
        'SELECT count(*)::int AS n, min(at) AS oldest FROM limits.events WHERE key = $1',
        [key],
      );
      const { n, oldest } = r.rows[0]!;
      if (Number(n) < max || oldest === null) return null;
      const leaves = new Date(oldest).getTime() + HOUR_MS;
      return { retryAfterSeconds: Math.max(1, Math.ceil((leaves - at.getTime()) / 1000)) };
    },
    async record(at: Date): Promise<void> {
      await tx.query('INSERT INTO limits.events (key, at) VALUES ($1, $2)', [key, at]);
    },
  };
}

/** The key of one user's reports of ads, users and conversations: one limit over all three (issue 46). */
export const reportsLimitKey = (username: string) => `reports:${username.toLowerCase()}`;
