import type { Queryable } from '@bilmarknaden/db/database';
import type { OwnUserReport, UserQueueItem } from '@bilmarknaden/shared/api-types';
import type { Window } from '../services/search-query.ts';
import { sellerAds } from './ad-reports-repository.ts';
import { iso, isoOrNull } from './json-sql.ts';

/** A decided report of a user: whom to tell. */
export interface DecidedUserReport {
  id: number;
  /** null: the reporter's account is closed (nobody to tell). */
  reporter: string | null;
  /** The reported user. */
  username: string;
}

/** Reports of users (`inventory.user_reports`) and the moderators' queue of reported users. SQL only, no rules. */
export function userReportsRepository(db: Queryable) {
  return {
    /** A closed account's reports of users stay without its name. */
    async unlinkReporter(username: string): Promise<void> {
      await db.query('UPDATE inventory.user_reports SET reporter = NULL WHERE lower(reporter) = lower($1)', [username]);
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
  };
}

export type UserReportsRepository = ReturnType<typeof userReportsRepository>;
