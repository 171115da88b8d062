import type { Database, Queryable } from '@bilmarknaden/db/database';
import { MAX_SAVED } from '@bilmarknaden/shared/constants';
import { asJsonArray, LIST_COLUMNS, MAIL_AD_COLUMNS, queryJsonArray, type MailAd } from './car-list-sql.ts';
import { iso } from './json-sql.ts';
import { jsonTimestamp } from './json-sql.ts';
import { closedSellersRepository } from './closed-sellers-repository.ts';
import type { Window } from '../services/search-query.ts';

/**
 * Serialises a user's saved-ads writes for the rest of the transaction: toggles of one user, and the erasure of
 * a closed account's saved ads. Keyed by lower(username), as a closed account is recorded.
 */
const lockUserSaves = (tx: Queryable, username: string) =>
  tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('saved:' || lower($1), 0))`, [username]);

/**
 * The price when the user saved the ad: in the ad's price history, the price before the first change since, else
 * NULL (the price now).
 */
const PRICE_WHEN_SAVED = `(SELECT (c.price_history -> (h.n - 2)::integer ->> 'price')::integer
  FROM jsonb_array_elements(c.price_history) WITH ORDINALITY h (entry, n)
  WHERE h.n > 1 AND h.entry ->> 'date' > inventory.json_time(s.saved_at) ORDER BY h.n LIMIT 1)`;

/**
 * The ads a saved list shows and counts: visible ones, sold ones (marked 'Såld', issue 28) and ones the moderators
 * hid or that expired (shown as removed, issues #27 and 43).
 */
const LISTED = `c.status IN ('active', 'sold', 'hidden', 'expired')`;

export function savedRepository(db: Database) {
  return {
    /**
     * Saves or unsaves: the new state, 'full' when saving would pass MAX_SAVED, 'closed' when the user's account
     * is closed (nothing changes), or null when there is no visible ad with that id (a sold ad can be unsaved, not
     * newly saved: it is no longer for sale). A user's toggles are
     * serialised by a transaction-scoped advisory lock, so concurrent toggles of one ad alternate and concurrent
     * saves never pass the limit (the primary key (username, car_id) rules out two rows in any case).
     */
    toggle(username: string, carId: number): Promise<boolean | 'full' | 'closed' | null> {
      return db.transaction(async (tx) => {
        await lockUserSaves(tx, username);
        // Under the lock that the erasure takes after recording the account: a toggle either committed before the
        // erasure's removal (which then removes its row) or sees the account closed here.
        if (await closedSellersRepository(tx).isClosed(username)) return 'closed';
        // FOR KEY SHARE: the ad cannot be deleted between this check and the insert.
        const car = await tx.query<{ status: string }>(
          `SELECT c.status FROM inventory.cars c WHERE c.id = $1 AND ${LISTED} FOR KEY SHARE`,
          [carId],
        );
        if (car.rows.length === 0) return null;
        const removed = await tx.query('DELETE FROM inventory.saved_cars WHERE username = $1 AND car_id = $2', [
          username,
          carId,
        ]);
        if (removed.rowCount > 0) return false;
        if (car.rows[0]!.status !== 'active') return null;
        // Counted as the list shows them, sold ads too: so the whole list stays within one window (MAX_SAVED is
        // MAX_WINDOW) and the user frees a place by removing a sold ad.
        const count = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM inventory.saved_cars s
             JOIN inventory.cars c ON c.id = s.car_id AND ${LISTED}
            WHERE s.username = $1`,
          [username],
        );
        if (Number(count.rows[0]!.n) >= MAX_SAVED) return 'full';
        await tx.query('INSERT INTO inventory.saved_cars (username, car_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
          username,
          carId,
        ]);
        return true;
      });
    },

    /**
     * Removes every saved ad of a (closed) user, matched by lower(username); answers how many. Takes the user's
     * lock, so a toggle that began before the account was recorded closed has committed first.
     */
    removeOfUser(username: string): Promise<number> {
      return db.transaction(async (tx) => {
        await lockUserSaves(tx, username);
        const r = await tx.query('DELETE FROM inventory.saved_cars WHERE lower(username) = lower($1)', [username]);
        await tx.query('DELETE FROM inventory.saved_removed WHERE lower(username) = lower($1)', [username]);
        return r.rowCount;
      });
    },

    /** The user's saved ads that were removed since, newest first: `{ id, title, removedAt }` (issue 26). */
    async removedOfUser(username: string): Promise<{ id: number; title: string; removedAt: string }[]> {
      const r = await db.query<{ car_id: number; title: string; removed_at: Date | string }>(
        `SELECT car_id, title, removed_at FROM inventory.saved_removed WHERE username = $1
         ORDER BY removed_at DESC, car_id DESC LIMIT 100`,
        [username],
      );
      return r.rows.map((x) => ({ id: x.car_id, title: x.title, removedAt: iso(x.removed_at) }));
    },

    /** Dismisses the mark of a removed saved ad; false when there was none. */
    async dismissRemoved(username: string, carId: number): Promise<boolean> {
      const r = await db.query('DELETE FROM inventory.saved_removed WHERE username = $1 AND car_id = $2', [
        username,
        carId,
      ]);
      return r.rowCount === 1;
    },

    async isSaved(username: string, carId: number): Promise<boolean> {
      const r = await db.query('SELECT 1 FROM inventory.saved_cars WHERE username = $1 AND car_id = $2', [
        username,
        carId,
      ]);
      return r.rows.length > 0;
    },

    /**
     * The user's saved visible, sold and hidden ads, newest saved first, as the API's JSON text (decision 022); each
     * with `soldAt` (null while for sale), a hidden one as its id and `removed` alone.
     */
    listJson(username: string, window: Window): Promise<string> {
      return queryJsonArray(db, {
        sql: asJsonArray(
          `SELECT ${LIST_COLUMNS}, c.sold_at, c.status, s.saved_at, ${PRICE_WHEN_SAVED} AS saved_price
           FROM inventory.saved_cars s
           JOIN inventory.cars c ON c.id = s.car_id AND ${LISTED}
           WHERE s.username = $1
           ORDER BY s.saved_at DESC, c.id DESC LIMIT $2 OFFSET $3`,
          'r.saved_at DESC, r.id DESC',
          `${jsonTimestamp('r.sold_at')} AS "soldAt", false AS "removed", ` +
            `CASE WHEN r.saved_price > r.price THEN r.saved_price - r.price END AS "priceDrop"`,
          // A hidden or expired ad shows nothing of itself, only that it is no longer available (issues 46, 43).
          { when: `r.status IN ('hidden', 'expired')`, item: `json_build_object('id', r.id, 'removed', true)` },
        ),
        params: [username, window.end - window.start, window.start],
      });
    },

    /**
     * Who saved the visible ad `carId` by `atMicros` (microseconds since 1970, as the price-drop job has the
     * change's time), its seller left out, each with the ad as the mail shows it.
     */
    async saversOf(carId: number, atMicros: string): Promise<{ username: string; ad: MailAd }[]> {
      const r = await db.query<MailAd & { username: string }>(
        `SELECT s.username, ${MAIL_AD_COLUMNS}
         FROM inventory.saved_cars s JOIN inventory.cars c ON c.id = s.car_id AND c.status = 'active'
         WHERE s.car_id = $1 AND s.saved_at <= to_timestamp($2::bigint / 1000000.0)
           AND lower(s.username) <> lower(c.username)`,
        [carId, atMicros],
      );
      return r.rows.map(({ username, ...ad }) => ({ username, ad }));
    },
  };
}

/**
 * Removes everyone's saved entries of these ads (inside the transaction that removes the ads), leaving each saver
 * the mark that the ad was removed (`inventory.saved_removed`, as the delete trigger does); answers how many.
 */
export async function removeSavedOfAds(tx: Queryable, carIds: readonly number[]): Promise<number> {
  if (carIds.length === 0) return 0;
  const r = await tx.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM inventory.saved_cars s USING inventory.cars c
       WHERE s.car_id = ANY($1::int[]) AND c.id = s.car_id
       RETURNING s.username, s.car_id, c.title, c.status
     ), marked AS (
       INSERT INTO inventory.saved_removed (username, car_id, title)
       SELECT username, car_id, title FROM gone WHERE status IN ('active', 'sold')
       ON CONFLICT DO NOTHING
     )
     SELECT count(*)::int AS n FROM gone`,
    [carIds],
  );
  return Number(r.rows[0]!.n);
}

export type SavedRepository = ReturnType<typeof savedRepository>;
