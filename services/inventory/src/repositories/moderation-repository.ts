import type { Queryable } from '@bilmarknaden/db/database';
import type {
  AuditEntry,
  OwnHiddenCar,
  OwnReport,
  OwnUserReport,
  QueueItem,
  UserQueueItem,
} from '@bilmarknaden/shared/api-types';
import { iso } from './cars-repository.ts';
import type { Window } from '../services/search-query.ts';

const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

/** The status an ad returns to when nothing hides it any more: sold when it was sold, else for sale. */
const SHOWN_STATUS = `CASE WHEN sold_at IS NOT NULL THEN 'sold' ELSE 'active' END`;
/** The seller of the row `c` is blocked. */
const SELLER_BLOCKED = (alias: string) =>
  `EXISTS (SELECT 1 FROM inventory.blocked_sellers b WHERE b.username_lower = lower(${alias}.username))`;

export interface AuditRecord {
  actor: string;
  action: AuditEntry['action'];
  carId?: number | null;
  username?: string | null;
  reason?: string;
  /** Records the action once however often it is delivered (a relayed block). */
  sourceKey?: string;
  /** The reported conversation a decision concerns (relayed from messaging). */
  conversationId?: number | null;
  /** When the action was taken, when relayed from another service (default: now). */
  at?: Date;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  username?: string;
  carId?: number;
  from?: Date;
  to?: Date;
}

/** A decided report: whom to tell. */
export interface DecidedReport {
  id: number;
  /** null: the reporter's account is closed (nobody to tell). */
  reporter: string | null;
  title: string;
}

/** A decided report of a user: whom to tell. */
export interface DecidedUserReport {
  id: number;
  /** null: the reporter's account is closed (nobody to tell). */
  reporter: string | null;
  /** The reported user. */
  username: string;
}

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

/** The seller's ads (every shown or hidden state) with their report counts, newest first. */
async function sellerAds(
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

/** Reports, hidden ads, blocked sellers and the audit log (migrations 005 and 007). SQL only, no rules. */
export function moderationRepository(db: Queryable) {
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

    /** A closed account's reports stay without its name (the seller's history still counts them). */
    async unlinkReporter(username: string): Promise<void> {
      await db.query('UPDATE inventory.ad_reports SET reporter = NULL WHERE lower(reporter) = lower($1)', [username]);
      await db.query('UPDATE inventory.user_reports SET reporter = NULL WHERE lower(reporter) = lower($1)', [username]);
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

    /** Stores a report of a user; null when the reporter already has an open one on the user (the unique index). */
    async insertUserReport(report: {
      reported: string;
      reporter: string;
      reason: string;
      text: string;
    }): Promise<number | null> {
      const r = await db.query<{ id: number }>(
        `INSERT INTO inventory.user_reports (reported, reporter, reason, text) VALUES ($1, $2, $3, $4)
         ON CONFLICT (lower(reported), lower(reporter)) WHERE outcome IS NULL DO NOTHING RETURNING id`,
        [report.reported, report.reporter, report.reason, report.text],
      );
      return r.rows[0]?.id ?? null;
    },

    /** The reporter's reports of users, newest first, with their outcome. */
    async ownUserReports(reporter: string, window: Window): Promise<OwnUserReport[]> {
      const r = await db.query<{
        id: number;
        reported: string;
        reason: string;
        created: Date | string;
        outcome: 'blocked' | 'dismissed' | null;
        decided_at: Date | string | null;
      }>(
        `SELECT id, reported, reason, created, outcome, decided_at FROM inventory.user_reports
          WHERE lower(reporter) = lower($1) ORDER BY created DESC, id DESC LIMIT $2 OFFSET $3`,
        [reporter, window.end - window.start, window.start],
      );
      return r.rows.map((x) => ({
        id: x.id,
        username: x.reported,
        reason: x.reason,
        created: iso(x.created),
        outcome: x.outcome ?? 'open',
        decidedAt: isoOrNull(x.decided_at),
      }));
    },

    /** Whether `username` has an open report on the user `reported` (a moderator may not decide their own). */
    async hasOpenUserReportBy(reported: string, username: string): Promise<boolean> {
      const r = await db.query(
        `SELECT 1 FROM inventory.user_reports
          WHERE lower(reported) = lower($1) AND lower(reporter) = lower($2) AND outcome IS NULL`,
        [reported, username],
      );
      return r.rows.length > 0;
    },

    /** Whether any report, open or decided, names the user. */
    async isReportedUser(reported: string): Promise<boolean> {
      const r = await db.query('SELECT 1 FROM inventory.user_reports WHERE lower(reported) = lower($1) LIMIT 1', [
        reported,
      ]);
      return r.rows.length > 0;
    },

    /** Decides the user's open reports; answers them, for the reporters' mail. */
    async decideUserReports(reported: string, outcome: 'blocked' | 'dismissed'): Promise<DecidedUserReport[]> {
      const r = await db.query<{ id: number; reporter: string | null; reported: string }>(
        `UPDATE inventory.user_reports SET outcome = $2, decided_at = now()
          WHERE lower(reported) = lower($1) AND outcome IS NULL RETURNING id, reporter, reported`,
        [reported, outcome],
      );
      return r.rows.map((x) => ({ id: x.id, reporter: x.reporter, username: x.reported }));
    },

    /**
     * 'Anmälda användare': users with open reports, most reported and oldest first, each with its open reports
     * (reason and text, never the reporter), the user's ads and record. Closed accounts leave it, and so do the
     * reports about the moderator who reads it: others decide those.
     */
    async userQueue(limit: number, viewer: string): Promise<UserQueueItem[]> {
      const r = await db.query<{ username: string; n: number; first: Date | string; reports: string }>(
        `SELECT min(reported) AS username, count(*)::int AS n, min(created) AS first,
           json_agg(json_build_object('id', id, 'reason', reason, 'text', text, 'created', created)
             ORDER BY created, id)::text AS reports
           FROM inventory.user_reports u
          WHERE outcome IS NULL
            AND NOT EXISTS (SELECT 1 FROM inventory.closed_sellers cs WHERE cs.username_lower = lower(u.reported))
            AND lower(u.reported) <> lower($2)
          GROUP BY lower(reported)
          ORDER BY count(*) DESC, min(created), lower(reported)
          LIMIT $1`,
        [limit, viewer],
      );
      const items: UserQueueItem[] = [];
      for (const x of r.rows) {
        const h = await db.query<{ user_reports: number; ad_reports: number; hidden: number; blocked: boolean }>(
          `SELECT (SELECT count(*)::int FROM inventory.user_reports WHERE lower(reported) = lower($1)) AS user_reports,
             (SELECT count(*)::int FROM inventory.ad_reports WHERE lower(seller) = lower($1)) AS ad_reports,
             (SELECT count(*)::int FROM inventory.moderation_audit WHERE action = 'hide' AND lower(username) = lower($1))
               AS hidden,
             EXISTS (SELECT 1 FROM inventory.blocked_sellers WHERE username_lower = lower($1)) AS blocked`,
          [x.username],
        );
        const row = h.rows[0]!;
        items.push({
          username: x.username,
          blocked: row.blocked,
          openReports: Number(x.n),
          firstReportedAt: iso(x.first),
          reports: (JSON.parse(x.reports) as { id: number; reason: string; text: string; created: string }[]).map(
            (p) => ({ ...p, created: iso(p.created) }),
          ),
          ads: await sellerAds(db, x.username),
          history: {
            userReports: Number(row.user_reports),
            adReports: Number(row.ad_reports),
            hiddenAds: Number(row.hidden),
          },
        });
      }
      return items;
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
     * The queue: ads with open reports or an open review request, most reported and oldest first, each with its
     * open reports. Ads removed by their owner leave it (their reports stay in the reporters' lists), and the
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
        reports: string;
      }>(
        `WITH open AS (
           SELECT car_id, count(*)::int AS n, min(created) AS first,
             json_agg(json_build_object('id', id, 'reason', reason, 'text', text, 'created', created)
               ORDER BY created, id)::text AS reports
           FROM inventory.ad_reports WHERE outcome IS NULL GROUP BY car_id
         ), review AS (
           SELECT car_id, review_requested_at FROM inventory.hidden_ads
            WHERE review_requested_at IS NOT NULL AND review_decided_at IS NULL
         )
         SELECT c.id, c.title, c.username, c.status, coalesce(o.n, 0) AS n, o.first,
           (v.car_id IS NOT NULL) AS review, coalesce(o.reports, '[]') AS reports
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
        reports: (JSON.parse(x.reports) as { id: number; reason: string; text: string; created: string }[]).map(
          (p) => ({ ...p, created: iso(p.created) }),
        ),
      }));
    },

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

    /** Appends to the audit log; a `sourceKey` recorded before adds nothing. */
    async audit(entry: AuditRecord): Promise<void> {
      await db.query(
        `INSERT INTO inventory.moderation_audit (actor, action, car_id, username, reason, source_key, conversation_id, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8::timestamptz, now())) ON CONFLICT (source_key) DO NOTHING`,
        [
          entry.actor,
          entry.action,
          entry.carId ?? null,
          entry.username ?? null,
          entry.reason ?? '',
          entry.sourceKey ?? null,
          entry.conversationId ?? null,
          entry.at?.toISOString() ?? null,
        ],
      );
    },

    /** The audit log, newest first, filtered. */
    async auditLog(filter: AuditFilter, window: Window): Promise<AuditEntry[]> {
      const params: unknown[] = [];
      const where: string[] = [];
      const p = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      if (filter.actor) where.push(`lower(actor) = lower(${p(filter.actor)})`);
      if (filter.action) where.push(`action = ${p(filter.action)}`);
      if (filter.username) where.push(`lower(username) = lower(${p(filter.username)})`);
      if (filter.carId !== undefined) where.push(`car_id = ${p(filter.carId)}`);
      if (filter.from) where.push(`at >= ${p(filter.from.toISOString())}::timestamptz`);
      if (filter.to) where.push(`at < ${p(filter.to.toISOString())}::timestamptz`);
      const r = await db.query<{
        id: number;
        at: Date | string;
        actor: string;
        action: AuditEntry['action'];
        car_id: number | null;
        username: string | null;
        conversation_id: number | null;
        reason: string;
      }>(
        `SELECT id, at, actor, action, car_id, username, conversation_id, reason FROM inventory.moderation_audit
          ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY at DESC, id DESC LIMIT ${p(window.end - window.start)} OFFSET ${p(window.start)}`,
        params,
      );
      return r.rows.map((x) => ({
        id: x.id,
        at: iso(x.at),
        actor: x.actor,
        action: x.action,
        carId: x.car_id,
        username: x.username,
        conversationId: x.conversation_id,
        reason: x.reason,
      }));
    },
  };
}

export type ModerationRepository = ReturnType<typeof moderationRepository>;
