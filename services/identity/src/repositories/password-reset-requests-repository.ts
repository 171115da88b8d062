import type { Database } from '@bilmarknaden/db/database';

export interface PasswordResetRequestLimits {
  /** Requests allowed per asked email (whether or not it has an account) within the window. */
  perEmail: number;
  /** Requests allowed per client address within the window. */
  perAddress: number;
}

interface BlockRow {
  email: Date | string | null;
  address: Date | string | null;
}

const toDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

export type PasswordResetRequestsRepository = ReturnType<typeof passwordResetRequestsRepository>;

/** `identity.password_reset_requests`: the link requests the limits count, per email hash and per address. */
export function passwordResetRequestsRepository(db: Database) {
  return {
    /**
     * Counts a link request for `emailHash` from `address`, unless a scope is at its limit in the window (since
     * `since`): then nothing is written and the answer is, for each scope over its limit, the time of its limit-th
     * most recent request (the scope stays blocked until that one leaves the window). Empty when it was written.
     * One at a time per email and per address (advisory locks, always in that order), as the login attempts.
     */
    async begin(
      emailHash: string,
      address: string,
      at: Date,
      since: Date,
      limits: PasswordResetRequestLimits,
    ): Promise<Date[]> {
      await db.query('DELETE FROM identity.password_reset_requests WHERE requested_at <= $1::timestamptz', [
        since.toISOString(),
      ]);
      return db.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('reset-email:' || $1, 0))`, [emailHash]);
        await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('reset-address:' || $1, 0))`, [address]);
        const { rows } = await tx.query<BlockRow>(
          `SELECT
             (SELECT requested_at FROM identity.password_reset_requests
               WHERE email_hash = $1 AND requested_at > $3::timestamptz
               ORDER BY requested_at DESC OFFSET $4 LIMIT 1) AS email,
             (SELECT requested_at FROM identity.password_reset_requests
               WHERE address = $2 AND requested_at > $3::timestamptz
               ORDER BY requested_at DESC OFFSET $5 LIMIT 1) AS address`,
          [emailHash, address, since.toISOString(), limits.perEmail - 1, limits.perAddress - 1],
        );
        const row = rows[0];
        const blocking = row ? [row.email, row.address].map(toDate).filter((d): d is Date => d !== null) : [];
        if (blocking.length === 0) {
          await tx.query(
            `INSERT INTO identity.password_reset_requests (email_hash, address, requested_at)
             VALUES ($1, $2, $3::timestamptz)`,
            [emailHash, address, at.toISOString()],
          );
        }
        return blocking;
      });
    },
  };
}
