import type { Queryable } from '@bilmarknaden/db/database';
import { toDate } from '@bilmarknaden/db/timestamps';

/** A closure whose seller has not yet been erased in inventory. */
export interface PendingClosure {
  id: number;
  username: string;
  closedAt: Date;
}

interface PendingRow {
  id: number;
  username: string;
  closed_at: Date | string;
}

export type ClosedAccountsRepository = ReturnType<typeof closedAccountsRepository>;

/**
 * `identity.closed_accounts`: the usernames of closed accounts, retired for good, and the outbox of the erasure
 * of their ads in inventory (rows with `erased_at` null).
 */
export function closedAccountsRepository(db: Queryable) {
  return {
    /** Records a closure; run it in the transaction that deletes the user. Its id. */
    async add(username: string, at: Date): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        'INSERT INTO identity.closed_accounts (username, closed_at) VALUES ($1, $2::timestamptz) RETURNING id',
        [username, at.toISOString()],
      );
      return Number(rows[0]!.id);
    },

    /** Up to `limit` closures not yet erased in inventory, oldest first. */
    async pending(limit: number): Promise<PendingClosure[]> {
      const { rows } = await db.query<PendingRow>(
        `SELECT id, username, closed_at FROM identity.closed_accounts
          WHERE erased_at IS NULL ORDER BY id LIMIT $1`,
        [limit],
      );
      return rows.map((r) => ({ id: Number(r.id), username: r.username, closedAt: toDate(r.closed_at) }));
    },

    /** The closure's seller is erased in inventory: it leaves `pending`. A second mark keeps the first time. */
    async markErased(id: number, at: Date): Promise<void> {
      await db.query(
        'UPDATE identity.closed_accounts SET erased_at = $2::timestamptz WHERE id = $1 AND erased_at IS NULL',
        [id, at.toISOString()],
      );
    },
  };
}
