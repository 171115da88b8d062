import type { Database, Queryable } from '@bilmarknaden/db/database';
import { hourlyLimit, reportsLimitKey } from '@bilmarknaden/db/window-limits';
import { isClosed, lockUser } from './closed-accounts-repository.ts';
import type { HourlyLimits, Limited } from './conversations-repository.ts';
import type { ConversationReport, OwnConversationReport } from '@bilmarknaden/shared/api-types';
import { iso } from '@bilmarknaden/db/timestamps';

/** How many of a reported conversation's newest messages the moderators read with the report. */
export const REPORTED_MESSAGES = 20;

/**
 * The open reports of conversations, oldest first, each with its conversation's newest messages (the queue): those of
 * the conversations the moderator `viewer` takes part in are left for others to decide.
 */
export async function openConversationReports(
  db: Queryable,
  limit: number,
  viewer: string,
): Promise<ConversationReport[]> {
  const r = await db.query<{
    id: number;
    conversation_id: number;
    car_id: number;
    car_title: string;
    seller: string | null;
    buyer: string | null;
    reporter: string | null;
    reason: string;
    text: string;
    created_at: Date | string;
    messages: string;
  }>(
    `SELECT r.id, r.conversation_id, c.car_id, c.car_title, c.seller, c.buyer, r.reporter, r.reason, r.text,
       r.created_at,
       (SELECT coalesce(json_agg(json_build_object('sender', m.sender, 'text', m.text, 'sentAt', m.sent_at)
                 ORDER BY m.id), '[]')::text
          FROM (SELECT * FROM messaging.messages WHERE conversation_id = c.id ORDER BY id DESC LIMIT $2) m) AS messages
       FROM messaging.reports r JOIN messaging.conversations c ON c.id = r.conversation_id
      WHERE r.handled_at IS NULL
        AND lower(coalesce(c.seller, '')) <> lower($3) AND lower(coalesce(c.buyer, '')) <> lower($3)
      ORDER BY r.created_at, r.id LIMIT $1`,
    [limit, REPORTED_MESSAGES, viewer],
  );
  return r.rows.map((x) => ({
    id: x.id,
    conversationId: x.conversation_id,
    carId: x.car_id,
    carTitle: x.car_title,
    seller: x.seller,
    buyer: x.buyer,
    reportedBy: x.reporter === null ? null : x.reporter === x.seller ? 'seller' : 'buyer',
    reason: x.reason,
    text: x.text,
    created: iso(x.created_at),
    messages: (JSON.parse(x.messages) as { sender: string; text: string; sentAt: string }[]).map((m) => ({
      ...m,
      sentAt: iso(m.sentAt),
    })),
  }));
}

/** A report as a decision needs it: whom it concerns and whether it is still open. */
export interface ReportForDecision {
  id: number;
  conversationId: number;
  carId: number;
  carTitle: string;
  reporter: string | null;
  seller: string | null;
  buyer: string | null;
  decided: boolean;
}

/**
 * The report `id` with its conversation, locked until the transaction ends (two moderators deciding at once: the
 * second sees it decided); null when there is none.
 */
export async function reportForDecision(tx: Queryable, id: number): Promise<ReportForDecision | null> {
  const r = await tx.query<{
    id: number;
    conversation_id: number;
    car_id: number;
    car_title: string;
    reporter: string | null;
    seller: string | null;
    buyer: string | null;
    decided: boolean;
  }>(
    `SELECT r.id, r.conversation_id, c.car_id, c.car_title, r.reporter, c.seller, c.buyer,
       (r.handled_at IS NOT NULL) AS decided
       FROM messaging.reports r JOIN messaging.conversations c ON c.id = r.conversation_id
      WHERE r.id = $1 FOR UPDATE OF r`,
    [id],
  );
  const x = r.rows[0];
  if (!x) return null;
  return {
    id: x.id,
    conversationId: x.conversation_id,
    carId: x.car_id,
    carTitle: x.car_title,
    reporter: x.reporter,
    seller: x.seller,
    buyer: x.buyer,
    decided: x.decided,
  };
}

/** A decision of a report, as its outbox row holds it for the audit log. */
export interface ReportDecision {
  reportId: number;
  conversationId: number;
  carId: number;
  actor: string;
  outcome: 'handled' | 'dismissed';
  reportedUser: string | null;
  note: string;
}

/** Decides an open report and adds the decision to the outbox, in the caller's transaction; false when decided. */
export async function decideReport(tx: Queryable, decision: ReportDecision): Promise<boolean> {
  const r = await tx.query(
    `UPDATE messaging.reports SET outcome = $2, handled_at = now() WHERE id = $1 AND handled_at IS NULL`,
    [decision.reportId, decision.outcome],
  );
  if (r.rowCount !== 1) return false;
  await tx.query(
    `INSERT INTO messaging.report_decisions (report_id, conversation_id, car_id, actor, outcome, reported_user, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      decision.reportId,
      decision.conversationId,
      decision.carId,
      decision.actor,
      decision.outcome,
      decision.reportedUser,
      decision.note,
    ],
  );
  return true;
}

/**
 * The reporter's own reports of conversations, newest first, with the outcome: the ad's title as the conversation
 * kept it and the other party (null once that account is closed), never who decided.
 */
export async function ownConversationReports(
  db: Queryable,
  reporter: string,
  limit: number,
): Promise<OwnConversationReport[]> {
  const r = await db.query<{
    id: number;
    conversation_id: number;
    car_id: number;
    car_title: string;
    other: string | null;
    reason: string;
    created_at: Date | string;
    outcome: 'handled' | 'dismissed' | null;
    handled_at: Date | string | null;
  }>(
    `SELECT r.id, r.conversation_id, c.car_id, c.car_title,
       CASE WHEN c.seller = r.reporter THEN c.buyer ELSE c.seller END AS other,
       r.reason, r.created_at, r.outcome, r.handled_at
       FROM messaging.reports r JOIN messaging.conversations c ON c.id = r.conversation_id
      WHERE r.reporter = $1
      ORDER BY r.created_at DESC, r.id DESC LIMIT $2`,
    [reporter, limit],
  );
  return r.rows.map((x) => ({
    id: x.id,
    conversationId: x.conversation_id,
    carId: x.car_id,
    carTitle: x.car_title,
    otherParty: x.other,
    reason: x.reason,
    created: iso(x.created_at),
    outcome: x.outcome ?? 'open',
    decidedAt: x.handled_at === null ? null : iso(x.handled_at),
  }));
}

export type ReportOutcome = { kind: 'reported'; id: number } | { kind: 'not-found' | 'closed' | 'open' } | Limited;

/** Reports a conversation the user takes part in: one open report per user and conversation. */
export function reportConversation(
  db: Database,
  username: string,
  conversationId: number,
  report: { reason: string; text: string },
  limits: HourlyLimits,
): Promise<ReportOutcome> {
  return db.transaction(async (tx) => {
    await lockUser(tx, username);
    if (await isClosed(tx, username)) return { kind: 'closed' };
    const member = await tx.query(`SELECT 1 FROM messaging.participants WHERE conversation_id = $1 AND username = $2`, [
      conversationId,
      username,
    ]);
    if (member.rows.length === 0) return { kind: 'not-found' };
    // One hourly limit over the user's reports of conversations, ads and users (issue 46), counted where both
    // services reach it; a duplicate open report counts nothing.
    const at = new Date();
    const limit = hourlyLimit(tx, reportsLimitKey(username), limits.reports);
    const limited = await limit.check(at);
    if (limited) return { kind: 'limited', what: 'reports', retryAfterSeconds: limited.retryAfterSeconds };
    const r = await tx.query<{ id: number }>(
      `INSERT INTO messaging.reports (conversation_id, reporter, reason, text) VALUES ($1, $2, $3, $4)
           ON CONFLICT (conversation_id, reporter) WHERE handled_at IS NULL DO NOTHING
           RETURNING id`,
      [conversationId, username, report.reason, report.text],
    );
    if (!r.rows[0]) return { kind: 'open' };
    await limit.record(at);
    return { kind: 'reported', id: r.rows[0].id };
  });
}
