import type { Database } from '@bilmarknaden/db/database';

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

export type RegistrationAttemptsRepository = ReturnType<typeof registrationAttemptsRepository>;

export function registrationAttemptsRepository(db: Database) {
  return {
    /**
     * Counts a registration attempt of `address`, unless `limit` attempts are already in the window (since
     * `since`): then nothing is written and the answer is the time of the limit-th most recent, which blocks the
     * address until it leaves the window. Null when the attempt was written.
     *
     * The check and the write of one address run one at a time (a transaction-scoped advisory lock), so parallel
     * requests are counted exactly: each sees every earlier attempt committed. Attempts that left the window are
     * dropped first, outside the lock (they are rows of every address).
     */
    async begin(address: string, at: Date, since: Date, limit: number): Promise<Date | null> {
      await db.query('DELETE FROM identity.registration_attempts WHERE attempted_at <= $1::timestamptz', [
        since.toISOString(),
      ]);
      return db.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('registration:' || $1, 0))`, [address]);
        const { rows } = await tx.query<{ attempted_at: Date | string }>(
          `SELECT attempted_at FROM identity.registration_attempts
            WHERE address = $1 AND attempted_at > $2::timestamptz
            ORDER BY attempted_at DESC OFFSET $3 LIMIT 1`,
          [address, since.toISOString(), limit - 1],
        );
        if (rows[0]) return toDate(rows[0].attempted_at);
        await tx.query(
          'INSERT INTO identity.registration_attempts (address, attempted_at) VALUES ($1, $2::timestamptz)',
          [address, at.toISOString()],
        );
        return null;
      });
    },
  };
}
