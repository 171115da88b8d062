import type { Queryable } from '@bilmarknaden/db/database';

export interface RegistrationAttempt {
  id: number;
  address: string;
}

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

export type RegistrationAttemptsRepository = ReturnType<typeof createRegistrationAttemptsRepository>;

export function createRegistrationAttemptsRepository(db: Queryable) {
  return {
    /** Writes an attempt before its password is hashed, and drops attempts that left the window. */
    async begin(address: string, at: Date, expiredBefore: Date): Promise<RegistrationAttempt> {
      await db.query('DELETE FROM identity.registration_attempts WHERE attempted_at <= $1::timestamptz', [
        expiredBefore.toISOString(),
      ]);
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO identity.registration_attempts (address, attempted_at)
         VALUES ($1, $2::timestamptz) RETURNING id`,
        [address, at.toISOString()],
      );
      return { id: Number(rows[0]!.id), address };
    },

    /**
     * When the address already has `limit` attempts before this one in the window: the time of the limit-th
     * most recent, which blocks the address until it leaves the window. Null when not blocked.
     */
    async blockingAttempt(attempt: RegistrationAttempt, since: Date, limit: number): Promise<Date | null> {
      const { rows } = await db.query<{ attempted_at: Date | string }>(
        `SELECT attempted_at FROM identity.registration_attempts
          WHERE address = $1 AND attempted_at > $2::timestamptz AND id < $3
          ORDER BY attempted_at DESC OFFSET $4 LIMIT 1`,
        [attempt.address, since.toISOString(), attempt.id, limit - 1],
      );
      return rows[0] ? toDate(rows[0].attempted_at) : null;
    },

    /** A refused attempt never reached the hasher: it does not count. */
    async forget(attempt: RegistrationAttempt): Promise<void> {
      await db.query('DELETE FROM identity.registration_attempts WHERE id = $1', [attempt.id]);
    },
  };
}
