import type { Queryable } from '@bilmarknaden/db/database';
import {
  AD_LIFETIME_DAYS,
  EXPIRED_KEPT_DAYS,
  EXPIRY_WARNING_DAYS,
  STILL_FOR_SALE_DAYS,
} from '@bilmarknaden/shared/ad-lifecycle';
import type { PhotoVersion } from './file-removals-repository.ts';
import { iso, jsonTimestamp } from './json-sql.ts';

// In hours: a day is 24 hours whatever the session's time zone does with summer time.
const days = (n: number) => `interval '${n * 24} hours'`;
/** The start of an ad's current quiet period: its last edit or its last publishing or renewal. */
const QUIET_SINCE = `greatest(c.updated, c.expires_at - ${days(AD_LIFETIME_DAYS)})`;
/** The seller of the row `c` is blocked (decision 041): a renewed ad of theirs is hidden, not shown. */
const SELLER_BLOCKED = `EXISTS (SELECT 1 FROM inventory.blocked_sellers b WHERE b.username_lower = lower(c.username))`;

/** An ad a reminder is about, as the mails name it. */
export interface ReminderAd {
  id: number;
  title: string;
  make: string;
  model: string;
  username: string;
  expiresAt: string;
}

/** What the answer links check: the ad's seller and the quiet period asked about. */
export interface AskedAd {
  id: number;
  title: string;
  username: string;
  status: string;
  askedFor: Date | null;
}

/** Expiry, renewal, the sweep's reminders and removals, the answers, 'Mina annonser' and the views (issue 43). */
export function adLifecycleRepository(db: Queryable) {
  return {
    /**
     * Renews the owner's ad for sale or expired: AD_LIFETIME_DAYS from `at`, an expired one shown again (hidden
     * while its seller is blocked). The new end, or null when no such ad of the owner's is for sale or expired.
     */
    async renew(carId: number, username: string, at: Date): Promise<string | null> {
      const r = await db.query<{ expires_at: Date | string }>(
        `UPDATE inventory.cars c SET expires_at = $3::timestamptz + ${days(AD_LIFETIME_DAYS)},
           status = CASE WHEN c.status = 'expired' AND ${SELLER_BLOCKED} THEN 'hidden' ELSE 'active' END
         WHERE c.id = $1 AND c.username = $2 AND c.status IN ('active', 'expired')
         RETURNING c.expires_at`,
        [carId, username, at],
      );
      return r.rows[0] ? iso(r.rows[0].expires_at) : null;
    },

    /** An expired ad as its page shows anyone, or null. */
    async findExpired(carId: number): Promise<{ id: number; title: string; user: string; expiresAt: string } | null> {
      const r = await db.query<{ id: number; title: string; username: string; expires_at: Date | string }>(
        `SELECT id, title, username, expires_at FROM inventory.cars WHERE id = $1 AND status = 'expired'`,
        [carId],
      );
      const row = r.rows[0];
      return row ? { id: row.id, title: row.title, user: row.username, expiresAt: iso(row.expires_at) } : null;
    },

    /**
     * The seller's ads in every shown state, newest first, as the JSON text of 'Mina annonser': each with its
     * views, savers and views per day.
     */
    async ownJson(username: string): Promise<string> {
      const r = await db.query<{ json: string }>(
        `SELECT coalesce(json_agg(j ORDER BY j.created DESC, j.id DESC), '[]')::text AS json
           FROM inventory.cars c, LATERAL (SELECT c.id, c.title, c.make, c.model, c.price, c.status,
             coalesce((SELECT h.held_for_price FROM inventory.hidden_ads h WHERE h.car_id = c.id), false) AS held,
             ${jsonTimestamp('c.created')} AS created, ${jsonTimestamp('c.expires_at')} AS "expiresAt",
             ${jsonTimestamp('c.sold_at')} AS "soldAt", c.image_count AS "imageCount",
             c.image_version AS "imageVersion",
             coalesce((SELECT sum(v.views) FROM inventory.ad_views v WHERE v.car_id = c.id), 0)::int AS views,
             (SELECT count(*) FROM inventory.saved_cars s WHERE s.car_id = c.id)::int AS "savedBy",
             coalesce((SELECT json_agg(json_build_object('day', to_char(v.day, 'YYYY-MM-DD'), 'views', v.views)
                         ORDER BY v.day)
                       FROM inventory.ad_views v WHERE v.car_id = c.id), '[]') AS "viewsPerDay") j
          WHERE lower(c.username) = lower($1) AND c.status IN ('active', 'sold', 'hidden', 'expired')`,
        [username],
      );
      return r.rows[0]!.json;
    },

    /** Ads for sale whose end has come are 'expired'; answers how many. */
    async expire(at: Date): Promise<number> {
      const r = await db.query(
        `UPDATE inventory.cars SET status = 'expired' WHERE status = 'active' AND expires_at <= $1`,
        [at],
      );
      return r.rowCount;
    },

    /**
     * Queues one warning job for each ad for sale that ends within EXPIRY_WARNING_DAYS of `at` and was not warned of
     * this end, and marks it warned, in one statement: each end is warned of once.
     */
    async queueWarnings(at: Date): Promise<number> {
      const r = await db.query(
        `WITH due AS (
           UPDATE inventory.cars SET warned_for = expires_at
            WHERE status = 'active' AND expires_at > $1 AND expires_at <= $1::timestamptz + ${days(EXPIRY_WARNING_DAYS)}
              AND warned_for IS DISTINCT FROM expires_at
           RETURNING id, expires_at)
         INSERT INTO inventory.jobs (kind, payload)
         SELECT 'ad-expiry-warning', jsonb_build_object('car', id, 'expiresAt', ${jsonTimestamp('expires_at')}) FROM due`,
        [at],
      );
      return r.rowCount;
    },

    /**
     * Queues one 'Är bilen fortfarande till salu?' for each ad for sale unchanged for STILL_FOR_SALE_DAYS and not
     * yet asked about in this quiet period, and marks it asked.
     */
    async queueQuestions(at: Date): Promise<number> {
      const r = await db.query(
        `WITH due AS (
           UPDATE inventory.cars c SET asked_for = ${QUIET_SINCE}
            WHERE c.status = 'active' AND ${QUIET_SINCE} <= $1::timestamptz - ${days(STILL_FOR_SALE_DAYS)}
              AND c.asked_for IS DISTINCT FROM ${QUIET_SINCE}
           RETURNING c.id, c.asked_for)
         INSERT INTO inventory.jobs (kind, payload)
         SELECT 'ad-still-for-sale', jsonb_build_object('car', id, 'askedFor', ${jsonTimestamp('asked_for')}) FROM due`,
        [at],
      );
      return r.rowCount;
    },

    /**
     * Removes up to `limit` ads expired more than EXPIRED_KEPT_DAYS before `at` (their views and saved entries by
     * cascade, their savers told as of a deleted ad) and records their photo versions for removal.
     */
    async removeOldExpired(at: Date, limit: number): Promise<PhotoVersion[]> {
      const r = await db.query<{ id: number; image_version: number }>(
        `WITH gone AS (
           DELETE FROM inventory.cars WHERE id IN (
             SELECT id FROM inventory.cars
              WHERE status = 'expired' AND expires_at <= $1::timestamptz - ${days(EXPIRED_KEPT_DAYS)}
              ORDER BY expires_at LIMIT $2)
           RETURNING id, image_version)
         INSERT INTO inventory.file_removals (car_id, version)
         SELECT id, image_version FROM gone ON CONFLICT DO NOTHING
         RETURNING car_id AS id, version AS image_version`,
        [at, limit],
      );
      return r.rows.map((x) => ({ carId: x.id, version: x.image_version }));
    },

    /** Claims the sweep of `at`'s hour (true for the first replica); forgets sweeps older than a week. */
    async claimSweepHour(at: Date): Promise<boolean> {
      await db.query(`DELETE FROM inventory.lifecycle_sweeps WHERE hour < $1::timestamptz - interval '7 days'`, [at]);
      const r = await db.query(
        `INSERT INTO inventory.lifecycle_sweeps (hour) VALUES (date_trunc('hour', $1::timestamptz))
         ON CONFLICT DO NOTHING`,
        [at],
      );
      return r.rowCount === 1;
    },

    /** The ad a warning is about while it still ends then and is for sale, or null. */
    async warned(carId: number, expiresAt: string): Promise<ReminderAd | null> {
      return reminderAd(db, `c.status = 'active' AND date_trunc('milliseconds', c.expires_at) = $2::timestamptz`, [
        carId,
        expiresAt,
      ]);
    },

    /** The ad a question is about while it is still for sale and that question its latest, or null. */
    async asked(carId: number, askedFor: string): Promise<ReminderAd | null> {
      return reminderAd(db, `c.status = 'active' AND date_trunc('milliseconds', c.asked_for) = $2::timestamptz`, [
        carId,
        askedFor,
      ]);
    },

    /** What an answer link checks about its ad, or null when there is none (pending ones neither). */
    async findAsked(carId: number): Promise<AskedAd | null> {
      const r = await db.query<{
        id: number;
        title: string;
        username: string;
        status: string;
        asked_for: Date | string | null;
      }>(
        `SELECT id, title, username, status, date_trunc('milliseconds', asked_for) AS asked_for
           FROM inventory.cars WHERE id = $1 AND status <> 'pending'`,
        [carId],
      );
      const row = r.rows[0];
      return row
        ? {
            id: row.id,
            title: row.title,
            username: row.username,
            status: row.status,
            askedFor: row.asked_for === null ? null : new Date(row.asked_for),
          }
        : null;
    },

    /**
     * Marks the ad's question answered (inside the answer's transaction): false when it already was, or a newer
     * question was asked since (the link is used up).
     */
    async markAnswered(carId: number, askedFor: Date): Promise<boolean> {
      const r = await db.query(
        `UPDATE inventory.cars SET answered_for = asked_for
          WHERE id = $1 AND date_trunc('milliseconds', asked_for) = $2::timestamptz
            AND answered_for IS DISTINCT FROM asked_for`,
        [carId, askedFor.toISOString()],
      );
      return r.rowCount === 1;
    },

    /**
     * Adds buffered views: one row per ad, day and viewer ('' anonymous), a logged-in viewer's views of their own ad
     * left out; an ad removed meanwhile is skipped.
     */
    async addViews(rows: readonly { carId: number; day: string; viewer: string; views: number }[]): Promise<void> {
      if (rows.length === 0) return;
      await db.query(
        `INSERT INTO inventory.ad_views (car_id, day, views)
         SELECT u.car_id, u.day, sum(u.views)::int
           FROM unnest($1::int[], $2::date[], $3::text[], $4::int[]) u (car_id, day, viewer, views)
           JOIN inventory.cars c ON c.id = u.car_id AND (u.viewer = '' OR lower(c.username) <> u.viewer)
          GROUP BY u.car_id, u.day
         ON CONFLICT (car_id, day) DO UPDATE SET views = inventory.ad_views.views + excluded.views`,
        [rows.map((r) => r.carId), rows.map((r) => r.day), rows.map((r) => r.viewer), rows.map((r) => r.views)],
      );
    },
  };
}

async function reminderAd(db: Queryable, condition: string, params: unknown[]): Promise<ReminderAd | null> {
  const r = await db.query<{
    id: number;
    title: string;
    make: string;
    model: string;
    username: string;
    expires_at: Date | string;
  }>(
    `SELECT c.id, c.title, c.make, c.model, c.username, c.expires_at FROM inventory.cars c WHERE c.id = $1 AND ${condition}`,
    params,
  );
  const row = r.rows[0];
  return row
    ? {
        id: row.id,
        title: row.title,
        make: row.make,
        model: row.model,
        username: row.username,
        expiresAt: iso(row.expires_at),
      }
    : null;
}
