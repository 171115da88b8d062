import type { Queryable } from '@bilmarknaden/db/database';

/** A claimed job: its payload as queued, and how many times it has been claimed (this time included). */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** `inventory.jobs` (decision 039): work queued in the transaction that caused it, run later by a runner. */
export function jobsRepository(db: Queryable) {
  return {
    async enqueue(kind: string, payload: object, runAt?: Date): Promise<void> {
      await db.query(`INSERT INTO inventory.jobs (kind, payload, run_at) VALUES ($1, $2, coalesce($3, now()))`, [
        kind,
        JSON.stringify(payload),
        runAt?.toISOString() ?? null,
      ]);
    },

    /**
     * Claims up to `limit` due jobs: their run_at moves to `leaseUntil` and their attempts count up in the statement
     * that locks them (SKIP LOCKED: a replica claiming at the same time takes others). A runner that dies leaves
     * them due again at the lease's end.
     */
    async claimDue(at: Date, leaseUntil: Date, limit: number): Promise<ClaimedJob[]> {
      const r = await db.query<{ id: string | number; kind: string; payload: unknown; attempts: number }>(
        `UPDATE inventory.jobs j SET run_at = $2, attempts = j.attempts + 1
         WHERE j.id IN (SELECT id FROM inventory.jobs WHERE run_at <= $1 ORDER BY run_at, id LIMIT $3
                        FOR UPDATE SKIP LOCKED)
         RETURNING j.id, j.kind, j.payload, j.attempts`,
        [at.toISOString(), leaseUntil.toISOString(), limit],
      );
      return r.rows
        .map((row) => ({
          id: Number(row.id),
          kind: row.kind,
          payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
          attempts: row.attempts,
        }))
        .sort((a, b) => a.id - b.id);
    },

    async done(id: number): Promise<void> {
      await db.query('DELETE FROM inventory.jobs WHERE id = $1', [id]);
    },

    async retryAt(id: number, at: Date, error: string): Promise<void> {
      await db.query('UPDATE inventory.jobs SET run_at = $2, last_error = $3 WHERE id = $1', [
        id,
        at.toISOString(),
        error.slice(0, 1000),
      ]);
    },

    /** How many jobs wait (tests, the bench). */
    async pending(kind?: string): Promise<number> {
      const r = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM inventory.jobs WHERE $1::text IS NULL OR kind = $1`,
        [kind ?? null],
      );
      return Number(r.rows[0]!.n);
    },
  };
}
