import type { Queryable } from '@bilmarknaden/db/database';
import { toDate, toDateOrNull } from '@bilmarknaden/db/timestamps';
import type { RegistrationBody } from '@bilmarknaden/shared/api-types';
import { revokeTokens } from './token-revocations-repository.ts';

export interface UserRecord {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  passwordHash: string;
  role: number;
  created: Date;
  /** When the password was last changed; null when never. */
  passwordChangedAt: Date | null;
  /** The registered city: prefills an ad's place (issue 28). */
  city: string;
  /** When a moderator blocked the account; null when not blocked (issue #27). */
  blockedAt: Date | null;
  /** Verified with BankID (issue 42): when, and the name BankID gave; null when not verified. */
  verifiedAt: Date | null;
  verifiedName: string | null;
}

export interface NewUser extends Omit<RegistrationBody, 'password'> {
  passwordHash: string;
}

interface UserRow {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  password_hash: string;
  role: number;
  created: Date | string;
  password_changed_at: Date | string | null;
  city: string;
  blocked_at: Date | string | null;
  verified_at: Date | string | null;
  verified_name: string | null;
}

// Only what the services need: street, number, postcode and phone are written, never read back.
const COLUMNS =
  'id, username, firstname, lastname, email, password_hash, role, created, password_changed_at, city, blocked_at, ' +
  'verified_at, verified_name';

const toRecord = (r: UserRow): UserRecord => ({
  id: Number(r.id),
  username: r.username,
  firstname: r.firstname,
  lastname: r.lastname,
  email: r.email,
  passwordHash: r.password_hash,
  role: Number(r.role),
  created: toDate(r.created),
  passwordChangedAt: toDateOrNull(r.password_changed_at),
  city: r.city,
  blockedAt: toDateOrNull(r.blocked_at),
  verifiedAt: toDateOrNull(r.verified_at),
  verifiedName: r.verified_name,
});

export type UsersRepository = ReturnType<typeof usersRepository>;

export function usersRepository(db: Queryable) {
  const findOne = async (where: string, value: string | number): Promise<UserRecord | null> => {
    const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM identity.users WHERE ${where} LIMIT 1`, [value]);
    return rows[0] ? toRecord(rows[0]) : null;
  };

  return {
    findByEmail: (email: string) => findOne('lower(email) = lower($1)', email),
    findByUsername: (username: string) => findOne('lower(username) = lower($1)', username),
    findById: (id: number) => findOne('id = $1', id),

    /** Which of the unique values are already in use (case-insensitive); a closed account's username stays in use. */
    async taken(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
      const { rows } = await db.query<{ username_taken: boolean; email_taken: boolean }>(
        `SELECT
           EXISTS (SELECT 1 FROM identity.users WHERE lower(username) = lower($1))
             OR EXISTS (SELECT 1 FROM identity.closed_accounts WHERE lower(username) = lower($1)) AS username_taken,
           EXISTS (SELECT 1 FROM identity.users WHERE lower(email) = lower($2)) AS email_taken`,
        [username, email],
      );
      return { username: rows[0]?.username_taken === true, email: rows[0]?.email_taken === true };
    },

    async insert(user: NewUser): Promise<UserRecord> {
      const { rows } = await db.query<UserRow>(
        `INSERT INTO identity.users
           (username, firstname, lastname, email, password_hash, street, housenumber, zipcode, city, country_code, phone)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         RETURNING ${COLUMNS}`,
        [
          user.username,
          user.firstname,
          user.lastname,
          user.email,
          user.passwordHash,
          user.street,
          user.housenumber,
          user.zipcode,
          user.city,
          user.countryCode,
          user.phone,
        ],
      );
      return toRecord(rows[0]!);
    },

    /**
     * A new password hash, and when it was set: tokens issued before then are refused, by identity at once and by
     * every service through the revocation list. Run it in a transaction (two statements).
     */
    async setPassword(id: number, passwordHash: string, at: Date): Promise<void> {
      const { rows } = await db.query<{ username: string }>(
        `UPDATE identity.users SET password_hash = $2, password_changed_at = $3::timestamptz WHERE id = $1
         RETURNING username`,
        [id, passwordHash, at.toISOString()],
      );
      if (rows[0]) await revokeTokens(db, rows[0].username, at);
    },

    /** Marks the user verified as `name`, the person known by its keyed hash `personKey`. */
    async setVerified(id: number, name: string, personKey: string, at: Date): Promise<void> {
      await db.query(
        'UPDATE identity.users SET verified_at = $2::timestamptz, verified_name = $3, person_key = $4 WHERE id = $1',
        [id, at.toISOString(), name, personKey],
      );
    },

    /** Whether an account of the person (keyed hash) is blocked: they cannot verify another one. */
    async personBlocked(personKey: string): Promise<boolean> {
      const { rows } = await db.query<{ blocked: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM identity.users WHERE person_key = $1 AND blocked_at IS NOT NULL) AS blocked`,
        [personKey],
      );
      return rows[0]?.blocked === true;
    },

    /** Deletes the user's row, and with it every detail of the account. False when it was already gone. */
    async delete(id: number): Promise<boolean> {
      const { rowCount } = await db.query('DELETE FROM identity.users WHERE id = $1', [id]);
      return rowCount > 0;
    },

    /**
     * Sets the role of a user, and refuses the tokens issued before (they carry the old role); null when there is
     * no such user. Run it in a transaction (two statements).
     */
    async setRole(username: string, role: number, at: Date): Promise<UserRecord | null> {
      const { rows } = await db.query<UserRow>(
        `UPDATE identity.users SET role = $2 WHERE lower(username) = lower($1) RETURNING ${COLUMNS}`,
        [username, role],
      );
      if (!rows[0]) return null;
      await revokeTokens(db, rows[0].username, at);
      return toRecord(rows[0]);
    },
  };
}

/** A unique violation (23505) and, when the driver tells, which unique field it was. */
export function uniqueViolation(err: unknown): { field: 'username' | 'email' | null } | null {
  if (typeof err !== 'object' || err === null || (err as { code?: unknown }).code !== '23505') return null;
  const detail = `${(err as { constraint?: unknown }).constraint ?? ''} ${(err as { message?: unknown }).message ?? ''}`;
  if (detail.includes('users_email_lower_key')) return { field: 'email' };
  if (detail.includes('users_username_lower_key')) return { field: 'username' };
  return { field: null };
}
