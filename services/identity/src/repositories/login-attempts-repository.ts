import type { Queryable } from '@bilmarknaden/db/database';

export interface FailureLimits {
  /** Failed attempts allowed per (account, address) within the window. */
  perAccountAndAddress: number;
  /** Failed attempts allowed per address, whatever the account. */
  perAddress: number;
  /** Failed attempts allowed per account from all addresses together. */
  perAccount: number;
}

export interface Attempt {
  id: number;
  account: string;
  address: string;
}

interface BlockRow {
  pair: Date | string | null;
  address: Date | string | null;
  account: Date | string | null;
}

const toDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

export type LoginAttemptsRepository = ReturnType<typeof createLoginAttemptsRepository>;

export function createLoginAttemptsRepository(db: Queryable) {
  return {
    /** Writes an attempt before its password is checked, and drops attempts that left every window. */
    async begin(account: string, address: string, at: Date, expiredBefore: Date): Promise<Attempt> {
      await db.query('DELETE FROM identity.login_attempts WHERE attempted_at <= $1::timestamptz', [
        expiredBefore.toISOString(),
      ]);
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO identity.login_attempts (account, address, attempted_at)
         VALUES ($1, $2, $3::timestamptz) RETURNING id`,
        [account, address, at.toISOString()],
      );
      return { id: Number(rows[0]!.id), account, address };
    },

    /**
     * For each scope over its limit, the time of its limit-th most recent attempt before this one in the
     * window: the scope stays blocked until that attempt leaves the window. Empty when not blocked.
     */
    async blockingAttempts(attempt: Attempt, since: Date, limits: FailureLimits): Promise<Date[]> {
      const { rows } = await db.query<BlockRow>(
        `SELECT
           (SELECT attempted_at FROM identity.login_attempts
             WHERE account = $1 AND address = $2 AND attempted_at > $3::timestamptz AND id < $4
             ORDER BY attempted_at DESC OFFSET $5 LIMIT 1) AS pair,
           (SELECT attempted_at FROM identity.login_attempts
             WHERE address = $2 AND attempted_at > $3::timestamptz AND id < $4
             ORDER BY attempted_at DESC OFFSET $6 LIMIT 1) AS address,
           (SELECT attempted_at FROM identity.login_attempts
             WHERE account = $1 AND attempted_at > $3::timestamptz AND id < $4
             ORDER BY attempted_at DESC OFFSET $7 LIMIT 1) AS account`,
        [
          attempt.account,
          attempt.address,
          since.toISOString(),
          attempt.id,
          limits.perAccountAndAddress - 1,
          limits.perAddress - 1,
          limits.perAccount - 1,
        ],
      );
      const row = rows[0];
      if (!row) return [];
      return [row.pair, row.address, row.account].map(toDate).filter((d): d is Date => d !== null);
    },

    /** A refused attempt never reached the password check: it does not count. */
    async forget(attempt: Attempt): Promise<void> {
      await db.query('DELETE FROM identity.login_attempts WHERE id = $1', [attempt.id]);
    },

    /** A successful login forgives the failures of that account from that address. */
    async clearPair(attempt: Attempt): Promise<void> {
      await db.query('DELETE FROM identity.login_attempts WHERE account = $1 AND address = $2', [
        attempt.account,
        attempt.address,
      ]);
    },
  };
}
