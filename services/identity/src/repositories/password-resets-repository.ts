import type { Queryable } from '@bilmarknaden/db/database';

export type PasswordResetsRepository = ReturnType<typeof passwordResetsRepository>;

/**
 * `identity.password_resets`: the 'Glömt lösenord?' links, by the SHA-256 of their token (never the token). A link
 * works while it is unused, unexpired and the newest of its user's.
 */
export function passwordResetsRepository(db: Queryable) {
  return {
    /**
     * Stores a new link of the user and removes the user's earlier unused links (only the newest works) and every
     * expired link. Run it in a transaction: the user's row is locked first, so two requests at once leave one link.
     */
    async replace(userId: number, tokenHash: string, created: Date, expires: Date): Promise<void> {
      await db.query('SELECT 1 FROM identity.users WHERE id = $1 FOR UPDATE', [userId]);
      await db.query(
        `DELETE FROM identity.password_resets
          WHERE (user_id = $1 AND used_at IS NULL) OR expires <= $2::timestamptz`,
        [userId, created.toISOString()],
      );
      await db.query(
        `INSERT INTO identity.password_resets (user_id, token_hash, created, expires)
         VALUES ($1, $2, $3::timestamptz, $4::timestamptz)`,
        [userId, tokenHash, created.toISOString(), expires.toISOString()],
      );
    },

    /** The link of `tokenHash` if it works at `at`: its id and user; null when unknown, used, replaced or expired. */
    async findUsable(tokenHash: string, at: Date): Promise<{ id: number; userId: number } | null> {
      const { rows } = await db.query<{ id: number; user_id: number }>(
        `SELECT id, user_id FROM identity.password_resets
          WHERE token_hash = $1 AND used_at IS NULL AND expires > $2::timestamptz`,
        [tokenHash, at.toISOString()],
      );
      return rows[0] ? { id: Number(rows[0].id), userId: Number(rows[0].user_id) } : null;
    },

    /**
     * Marks the link used if it still works at `at` and answers its user; null when it no longer does (used by a
     * simultaneous request, replaced, expired). Two requests with one link: the second waits for the first's row lock
     * and then finds it used.
     */
    async use(id: number, at: Date): Promise<number | null> {
      const { rows } = await db.query<{ user_id: number }>(
        `UPDATE identity.password_resets SET used_at = $2::timestamptz
          WHERE id = $1 AND used_at IS NULL AND expires > $2::timestamptz
          RETURNING user_id`,
        [id, at.toISOString()],
      );
      return rows[0] ? Number(rows[0].user_id) : null;
    },

    /** Removes the user's links, but `keep` (the one just used). */
    async removeForUser(userId: number, keep?: number): Promise<void> {
      await db.query('DELETE FROM identity.password_resets WHERE user_id = $1 AND id IS DISTINCT FROM $2', [
        userId,
        keep ?? null,
      ]);
    },
  };
}
