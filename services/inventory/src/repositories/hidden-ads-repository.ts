import type { Queryable } from '@bilmarknaden/db/database';
import type { OwnHiddenCar } from '@bilmarknaden/shared/api-types';
import { PRICE_HOLD_BY, PRICE_HOLD_REASON } from '@bilmarknaden/shared/price-hold';
import { iso, isoOrNull } from './json-sql.ts';

/** The status an ad returns to when nothing hides it any more: sold when it was sold, else for sale. */
export const SHOWN_STATUS = `CASE WHEN sold_at IS NOT NULL THEN 'sold' ELSE 'active' END`;
/** The seller of the row `c` is blocked. */
const SELLER_BLOCKED = (alias: string) =>
  `EXISTS (SELECT 1 FROM inventory.blocked_sellers b WHERE b.username_lower = lower(${alias}.username))`;

export interface HiddenRow {
  reason: string;
  /** 'Granskas': held for its price until a moderator looks, not hidden by one. */
  heldForPrice: boolean;
  hiddenAt: string;
  reviewText: string | null;
  reviewRequestedAt: string | null;
  reviewDecidedAt: string | null;
}

interface HiddenDbRow {
  reason: string;
  held_for_price: boolean;
  hidden_at: Date | string;
  review_text: string | null;
  review_requested_at: Date | string | null;
  review_decided_at: Date | string | null;
}

const toHidden = (r: HiddenDbRow): HiddenRow => ({
  reason: r.reason,
  heldForPrice: r.held_for_price,
  hiddenAt: iso(r.hidden_at),
  reviewText: r.review_text,
  reviewRequestedAt: isoOrNull(r.review_requested_at),
  reviewDecidedAt: isoOrNull(r.review_decided_at),
});

/** Ads a moderator hid (`inventory.hidden_ads`), with their reason and review request. SQL only, no rules. */
export function hiddenAdsRepository(db: Queryable) {
  return {
    async hidden(carId: number): Promise<HiddenRow | null> {
      const r = await db.query<HiddenDbRow>(
        `SELECT reason, held_for_price, hidden_at, review_text, review_requested_at, review_decided_at
           FROM inventory.hidden_ads WHERE car_id = $1`,
        [carId],
      );
      return r.rows[0] ? toHidden(r.rows[0]) : null;
    },

    /**
     * Hides an ad for sale or sold, or one held for its price (the hold becomes the moderator's hiding): false when
     * it is not one (gone, pending) or already hidden by a moderator.
     */
    async hide(carId: number, reason: string, by: string): Promise<boolean> {
      const r = await db.query(
        `INSERT INTO inventory.hidden_ads (car_id, reason, hidden_by)
         SELECT id, $2, $3 FROM inventory.cars WHERE id = $1 AND status IN ('active', 'sold', 'hidden')
         ON CONFLICT (car_id) DO UPDATE SET reason = excluded.reason, hidden_by = excluded.hidden_by,
           hidden_at = now(), held_for_price = false
           WHERE hidden_ads.held_for_price`,
        [carId, reason, by],
      );
      if (r.rowCount !== 1) return false;
      await db.query(`UPDATE inventory.cars SET status = 'hidden' WHERE id = $1`, [carId]);
      return true;
    },

    /**
     * 'Granskas': hides the ad for sale whose price is below `below` and records the hold, in one statement (so
     * in the transaction that published or changed it, no match of a bevakning sees it for sale). False when the
     * price is not that low, or the ad is not for sale (sold, or already hidden).
     */
    async holdForPrice(carId: number, below: number): Promise<boolean> {
      const r = await db.query(
        `WITH held AS (
           UPDATE inventory.cars SET status = 'hidden'
            WHERE id = $1 AND status = 'active' AND price < $2::numeric
            RETURNING id
         )
         INSERT INTO inventory.hidden_ads (car_id, reason, hidden_by, held_for_price)
         SELECT id, $3, $4, true FROM held`,
        [carId, below, PRICE_HOLD_REASON, PRICE_HOLD_BY],
      );
      return r.rowCount === 1;
    },

    /** Shows a hidden ad again, unless its seller is blocked (it stays hidden until the unblock): false when not hidden. */
    async restore(carId: number): Promise<boolean> {
      const r = await db.query('DELETE FROM inventory.hidden_ads WHERE car_id = $1', [carId]);
      if (r.rowCount !== 1) return false;
      await db.query(
        `UPDATE inventory.cars c SET status = ${SHOWN_STATUS}
          WHERE c.id = $1 AND c.status = 'hidden' AND NOT ${SELLER_BLOCKED('c')}`,
        [carId],
      );
      return true;
    },

    /** The seller asks for a review, once per hiding; an ad held for its price is in review already. */
    async requestReview(carId: number, text: string): Promise<'asked' | 'not-hidden' | 'already'> {
      const r = await db.query(
        `UPDATE inventory.hidden_ads SET review_text = $2, review_requested_at = now()
          WHERE car_id = $1 AND review_requested_at IS NULL AND NOT held_for_price`,
        [carId, text],
      );
      if (r.rowCount === 1) return 'asked';
      const h = await db.query('SELECT 1 FROM inventory.hidden_ads WHERE car_id = $1', [carId]);
      return h.rows.length > 0 ? 'already' : 'not-hidden';
    },

    /** A moderator kept the ad hidden after its review: false when no review was open. */
    async keepHidden(carId: number): Promise<boolean> {
      const r = await db.query(
        `UPDATE inventory.hidden_ads SET review_decided_at = now()
          WHERE car_id = $1 AND review_requested_at IS NOT NULL AND review_decided_at IS NULL`,
        [carId],
      );
      return r.rowCount === 1;
    },

    /** The owner's ads a moderator hid, newest first. */
    async ownHidden(username: string): Promise<OwnHiddenCar[]> {
      const r = await db.query<HiddenDbRow & { id: number; title: string }>(
        `SELECT c.id, c.title, h.reason, h.held_for_price, h.hidden_at, h.review_text, h.review_requested_at,
           h.review_decided_at
           FROM inventory.hidden_ads h JOIN inventory.cars c ON c.id = h.car_id
          WHERE lower(c.username) = lower($1) ORDER BY h.hidden_at DESC, c.id DESC LIMIT 100`,
        [username],
      );
      return r.rows.map((x) => {
        const h = toHidden(x);
        return {
          id: x.id,
          title: x.title,
          reason: h.reason,
          heldForPrice: h.heldForPrice,
          hiddenAt: h.hiddenAt,
          reviewRequestedAt: h.reviewRequestedAt,
          reviewDecidedAt: h.reviewDecidedAt,
        };
      });
    },
  };
}

export type HiddenAdsRepository = ReturnType<typeof hiddenAdsRepository>;
