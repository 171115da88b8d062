import type { Queryable } from '@bilmarknaden/db/database';
import { SHOWN_STATUS } from './hidden-ads-repository.ts';

/** Sellers identity blocked (`inventory.blocked_sellers`, decision 041) and their ads hidden with them. */
export function blockedSellersRepository(db: Queryable) {
  return {
    async isBlocked(username: string): Promise<boolean> {
      const r = await db.query('SELECT 1 FROM inventory.blocked_sellers WHERE username_lower = lower($1)', [username]);
      return r.rows.length > 0;
    },

    /** Records the block and hides every ad of the seller; answers how many were hidden. */
    async blockSeller(username: string): Promise<number> {
      await db.query(
        `INSERT INTO inventory.blocked_sellers (username_lower) VALUES (lower($1)) ON CONFLICT DO NOTHING`,
        [username],
      );
      const r = await db.query(
        `UPDATE inventory.cars SET status = 'hidden'
          WHERE lower(username) = lower($1) AND status IN ('active', 'sold')`,
        [username],
      );
      return r.rowCount;
    },

    /** Lifts the block: the seller's ads show again, except those a moderator hid. Answers how many. */
    async unblockSeller(username: string): Promise<number> {
      await db.query('DELETE FROM inventory.blocked_sellers WHERE username_lower = lower($1)', [username]);
      const r = await db.query(
        `UPDATE inventory.cars c SET status = ${SHOWN_STATUS}
          WHERE lower(c.username) = lower($1) AND c.status = 'hidden'
            AND NOT EXISTS (SELECT 1 FROM inventory.hidden_ads h WHERE h.car_id = c.id)`,
        [username],
      );
      return r.rowCount;
    },
  };
}

export type BlockedSellersRepository = ReturnType<typeof blockedSellersRepository>;
