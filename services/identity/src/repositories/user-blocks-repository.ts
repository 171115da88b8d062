import type { Queryable } from '@bilmarknaden/db/database';

/** A block or unblock not yet carried to inventory. */
export interface PendingBlock {
  id: number;
  username: string;
  blocked: boolean;
  actor: string;
  reason: string;
}

/**
 * `identity.users.blocked_at` and `identity.user_blocks`, the outbox of blocks and unblocks that the server's
 * relay carries to inventory (decision 041).
 */
export function userBlocksRepository(db: Queryable) {
  return {
    /** Sets or clears the block; false when the user is gone or already in that state (nothing recorded). */
    async set(username: string, blocked: boolean, at: Date): Promise<boolean> {
      const r = await db.query(
        blocked
          ? `UPDATE identity.users SET blocked_at = $2::timestamptz WHERE lower(username) = lower($1) AND blocked_at IS NULL`
          : `UPDATE identity.users SET blocked_at = NULL WHERE lower(username) = lower($1) AND blocked_at IS NOT NULL`,
        blocked ? [username, at.toISOString()] : [username],
      );
      return r.rowCount === 1;
    },

    /** Records the change for the relay; run it in the change's transaction. */
    async record(change: Omit<PendingBlock, 'id'>, at: Date): Promise<void> {
      await db.query(
        `INSERT INTO identity.user_blocks (username, blocked, actor, reason, at) VALUES ($1, $2, $3, $4, $5::timestamptz)`,
        [change.username, change.blocked, change.actor, change.reason, at.toISOString()],
      );
    },

    /** Up to `limit` changes not yet relayed, oldest first. */
    async pending(limit: number): Promise<PendingBlock[]> {
      const { rows } = await db.query<PendingBlock>(
        `SELECT id, username, blocked, actor, reason FROM identity.user_blocks
          WHERE relayed_at IS NULL ORDER BY id LIMIT $1`,
        [limit],
      );
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    async markRelayed(id: number, at: Date): Promise<void> {
      await db.query(
        'UPDATE identity.user_blocks SET relayed_at = $2::timestamptz WHERE id = $1 AND relayed_at IS NULL',
        [id, at.toISOString()],
      );
    },
  };
}
