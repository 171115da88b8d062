import type { Queryable } from '@bilmarknaden/db/database';

/**
 * A condition that holds when the username expression `username` (SQL) is a closed account's: one lookup in the
 * primary key of `inventory.closed_sellers`. For statements that refuse a closed seller in the same statement
 * as their write (publishing an ad, storing feedback).
 */
export const closedSellerSql = (username: string) =>
  `EXISTS (SELECT 1 FROM inventory.closed_sellers cs WHERE cs.username_lower = lower(${username}))`;

/**
 * `inventory.closed_sellers` (001-schema.sql): usernames of closed accounts, lower-cased. A name is recorded
 * before the seller's ads are erased and never removed (identity never gives it out again).
 */
export function closedSellersRepository(db: Queryable) {
  return {
    /** Records the account as closed; recording it again changes nothing. */
    async record(username: string): Promise<void> {
      await db.query(
        `INSERT INTO inventory.closed_sellers (username_lower) VALUES (lower($1))
         ON CONFLICT (username_lower) DO NOTHING`,
        [username],
      );
    },

    /** Whether the account is closed: one lookup in the primary key. */
    async isClosed(username: string): Promise<boolean> {
      const r = await db.query(`SELECT 1 FROM inventory.closed_sellers WHERE username_lower = lower($1)`, [username], {
        genericPlan: true,
      });
      return r.rows.length > 0;
    },
  };
}

export type ClosedSellersRepository = ReturnType<typeof closedSellersRepository>;
