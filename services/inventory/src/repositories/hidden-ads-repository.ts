import type { Queryable } from '@bilmarknaden/db/database';
import type { OwnHiddenCar } from '@bilmarknaden/shared/api-types';
import { iso, isoOrNull } from './json-sql.ts';

/** The status an ad returns to when nothing hides it any more: sold when it was sold, else for sale. */
export const SHOWN_STATUS = `CASE WHEN sold_at IS NOT NULL THEN 'sold' ELSE 'active' END`;
/** The seller of the row `c` is blocked. */
const SELLER_BLOCKED = (alias: string) =>
  `EXISTS (SELECT 1 FROM inventory.blocked_sellers b WHERE b.username_lower = lower(${alias}.username))`;

export interface HiddenRow {
  reason: string;
  hiddenAt: string;
  reviewText: string | null;
  reviewRequestedAt: string | null;
  reviewDecidedAt: string | null;
}

interface HiddenDbRow {
  reason: string;
  hidden_at: Date | string;
  review_text: string | null;
  review_requested_at: Date | string | null;
  review_decided_at: Date | string | null;
}

const toHidden = (r: HiddenDbRow): HiddenRow => ({
  reason: r.reason,
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
        `SELECT reason, hidden_at, review_text, review_requested_at, review_decided_at
           FROM inventory.hidden_ads WHERE car_id = $1`,
        [carId],
      );
      return r.rows[0] ? toHidden(r.rows[0]) : null;
    },

    /** Hides an ad for sale or sold: false when it is not one (gone, pending) or already hidden by a moderator. */
    async hide(carId: number, reason: string, by: string): Promise<boolean> {
      const r = await db.query(
        `INSERT INTO inventory.hidden_ads (car_id, reason, hidden_by)
         SELECT id, $2, $3 FROM inventory.cars WHERE id = $1 AND status IN ('active', 'sold', 'hidden')
         ON CONFLICT (car_id) DO NOTHING`,
        [carId, reason, by],
      );
      if (r.rowCount !== 1) return false;
      await db.query(`UPDATE inventory.cars SET status = 'hidden' WHERE id = $1`, [carId]);
      return true;
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

    /** The seller asks for a review, once per hiding. */
    async requestReview(carId: number, text: string): Promise<'asked' | 'not-hidden' | 'already'> {
      const r = await db.query(
        `UPDATE inventory.hidden_ads SET review_text = $2, review_requested_at = now()
          WHERE car_id = $1 AND review_requested_at IS NULL`,
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
        `SELECT c.id, c.title, h.reason, h.hidden_at, h.review_text, h.review_requested_at, h.review_decided_at
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
          hiddenAt: h.hiddenAt,
          reviewRequestedAt: h.reviewRequestedAt,
          reviewDecidedAt: h.reviewDecidedAt,
        };
      });
    },
  };
}

export type HiddenAdsRepository = ReturnType<typeof hiddenAdsRepository>;
