import type { Queryable } from '@bilmarknaden/db/database';
import type { OwnReport, QueueItem } from '@bilmarknaden/shared/api-types';
import type { Window } from '../services/search-query.ts';
import { iso, isoOrNull } from './json-sql.ts';

/** A decided report: whom to tell. */
export interface DecidedReport {
  id: number;
  /** null: the reporter's account is closed (nobody to tell). */
  reporter: string | null;
  title: string;
}

/** The seller's ads (every shown or hidden state) with their report counts, newest first. */
export async function sellerAds(
  db: Queryable,
  seller: string,
): Promise<{ id: number; title: string; status: string; reports: number }[]> {
  const r = await db.query<{ id: number; title: string; status: string; reports: number }>(
    `SELECT c.id, c.title, c.status,
       (SELECT count(*)::int FROM inventory.ad_reports a WHERE a.car_id = c.id) AS reports
       FROM inventory.cars c
      WHERE lower(c.username) = lower($1) AND c.status IN ('active', 'sold', 'hidden')
      ORDER BY c.created DESC, c.id DESC LIMIT 50`,
    [seller],
  );
  return r.rows.map((x) => ({ ...x, reports: Number(x.reports) }));
}

/** Reports of ads (`inventory.ad_reports`), the moderators' queue of them and the seller's record. SQL only, no rules. */
export function adReportsRepository(db: Queryable) {
  return {
    /** Stores a report; null when the reporter already has an open one on the ad (the unique index). */
    async insertReport(report: {
      carId: number;
      seller: string;
      title: string;
      reporter: string;
      reason: string;
      text: string;
    }): Promise<number | null> {
      const r = await db.query<{ id: number }>(
        `INSERT INTO inventory.ad_reports (car_id, seller, car_title, reporter, reason, text)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (car_id, lower(reporter)) WHERE outcome IS NULL DO NOTHING RETURNING id`,
        [report.carId, report.seller, report.title, report.reporter, report.reason, report.text],
      );
      return r.rows[0]?.id ?? null;
    },

    /** A closed account's reports of ads stay without its name (the seller's history still counts them). */
    async unlinkReporter(username: string): Promise<void> {
      await db.query('UPDATE inventory.ad_reports SET reporter = NULL WHERE lower(reporter) = lower($1)', [username]);
    },

    /** The reporter's reports, newest first, with their outcome. */
    async ownReports(reporter: string, window: Window): Promise<OwnReport[]> {
      const r = await db.query<{
        id: number;
        car_id: number;
        car_title: string;
        reason: string;
        created: Date | string;
        outcome: 'hidden' | 'dismissed' | null;
        decided_at: Date | string | null;
      }>(
        `SELECT id, car_id, car_title, reason, created, outcome, decided_at FROM inventory.ad_reports
          WHERE lower(reporter) = lower($1) ORDER BY created DESC, id DESC LIMIT $2 OFFSET $3`,
        [reporter, window.end - window.start, window.start],
      );
      return r.rows.map((x) => ({
        id: x.id,
        carId: x.car_id,
        title: x.car_title,
        reason: x.reason,
        created: iso(x.created),
        outcome: x.outcome ?? 'open',
        decidedAt: isoOrNull(x.decided_at),
      }));
    },

    /** Whether `username` has an open report on the ad (a moderator may not decide their own). */
    async hasOpenReportBy(carId: number, username: string): Promise<boolean> {
      const r = await db.query(
        `SELECT 1 FROM inventory.ad_reports WHERE car_id = $1 AND lower(reporter) = lower($2) AND outcome IS NULL`,
        [carId, username],
      );
      return r.rows.length > 0;
    },

    /** Decides the ad's open reports; answers them, for the reporters' mail. */
    async decideReports(carId: number, outcome: 'hidden' | 'dismissed'): Promise<DecidedReport[]> {
      const r = await db.query<{ id: number; reporter: string | null; car_title: string }>(
        `UPDATE inventory.ad_reports SET outcome = $2, decided_at = now()
          WHERE car_id = $1 AND outcome IS NULL RETURNING id, reporter, car_title`,
        [carId, outcome],
      );
      return r.rows.map((x) => ({ id: x.id, reporter: x.reporter, title: x.car_title }));
    },

    /** The ad's open reports, oldest first (reason and text; never the reporter). */
    async openReports(carId: number): Promise<QueueItem['reports']> {
      const r = await db.query<{ id: number; reason: string; text: string; created: Date | string }>(
        `SELECT id, reason, text, created FROM inventory.ad_reports
          WHERE car_id = $1 AND outcome IS NULL ORDER BY created, id`,
        [carId],
      );
      return r.rows.map((x) => ({ id: x.id, reason: x.reason, text: x.text, created: iso(x.created) }));
    },

    /**
     * The queue: ads with open reports, an open review request or held for their price ('Granskas'), most reported
     * and oldest first, each with its open reports. Ads removed by their owner leave it (their reports stay in the reporters' lists), and the
     * moderator who reads it does not see their own ads in it: others decide those.
     */
    async queue(limit: number, viewer: string): Promise<QueueItem[]> {
      const r = await db.query<{
        id: number;
        title: string;
        username: string;
        status: 'active' | 'sold' | 'hidden';
        n: number;
        first: Date | string | null;
        review: boolean;
        held: boolean;
        reports: string;
      }>(
        `WITH open AS (
           SELECT car_id, count(*)::int AS n, min(created) AS first,
             json_agg(json_build_object('id', id, 'reason', reason, 'text', text, 'created', created)
               ORDER BY created, id)::text AS reports
           FROM inventory.ad_reports WHERE outcome IS NULL GROUP BY car_id
         ), review AS (
           SELECT car_id, coalesce(review_requested_at, hidden_at) AS review_requested_at, held_for_price
             FROM inventory.hidden_ads
            WHERE (review_requested_at IS NOT NULL AND review_decided_at IS NULL) OR held_for_price
         )
         SELECT c.id, c.title, c.username, c.status, coalesce(o.n, 0) AS n, o.first,
           (v.car_id IS NOT NULL AND NOT v.held_for_price) AS review, coalesce(v.held_for_price, false) AS held,
           coalesce(o.reports, '[]') AS reports
           FROM inventory.cars c
           LEFT JOIN open o ON o.car_id = c.id
           LEFT JOIN review v ON v.car_id = c.id
          WHERE (o.car_id IS NOT NULL OR v.car_id IS NOT NULL) AND c.status IN ('active', 'sold', 'hidden')
            AND lower(c.username) <> lower($2)
          ORDER BY coalesce(o.n, 0) DESC, least(o.first, v.review_requested_at), c.id
          LIMIT $1`,
        [limit, viewer],
      );
      return r.rows.map((x) => ({
        carId: x.id,
        title: x.title,
        seller: x.username,
        status: x.status,
        openReports: Number(x.n),
        firstReportedAt: isoOrNull(x.first),
        reviewRequested: x.review,
        heldForPrice: x.held,
        reports: (JSON.parse(x.reports) as { id: number; reason: string; text: string; created: string }[]).map(
          (p) => ({ ...p, created: iso(p.created) }),
        ),
      }));
    },

    /** The seller's ads (every shown or hidden state) with their report counts, newest first. */
    sellerAds: (seller: string) => sellerAds(db, seller),

    /** Reports ever made about the seller's ads, and times a moderator hid one. */
    async sellerHistory(seller: string): Promise<{ reports: number; hiddenAds: number }> {
      const r = await db.query<{ reports: number; hidden: number }>(
        `SELECT (SELECT count(*)::int FROM inventory.ad_reports WHERE lower(seller) = lower($1)) AS reports,
           (SELECT count(*)::int FROM inventory.moderation_audit WHERE action = 'hide' AND lower(username) = lower($1))
             AS hidden`,
        [seller],
      );
      return { reports: Number(r.rows[0]!.reports), hiddenAds: Number(r.rows[0]!.hidden) };
    },
  };
}

export type AdReportsRepository = ReturnType<typeof adReportsRepository>;
