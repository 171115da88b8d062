import type { Queryable } from '@bilmarknaden/db/database';

/** A moderator's decision of a reported conversation not yet recorded in inventory's audit log (decision 046). */
export interface PendingReportDecision {
  id: number;
  /** Who decided (the relay's rows are named by a user). */
  username: string;
  reportId: number;
  conversationId: number;
  carId: number;
  outcome: 'handled' | 'dismissed';
  /** The participant the report was about; null once that account is closed. */
  reportedUser: string | null;
  note: string;
  decidedAt: Date;
}

/**
 * `messaging.report_decisions`, the outbox of decisions that the server's relay carries into inventory's audit log,
 * read by a process that shares the database (the default one, inventory alone).
 */
export function reportDecisionsOutbox(db: Queryable) {
  return {
    /** Up to `limit` decisions not yet recorded, oldest first; none while messaging's tables are not there yet. */
    async pending(limit: number): Promise<PendingReportDecision[]> {
      // Inventory alone may start on a database messaging has not yet migrated.
      const exists = await db.query<{ t: string | null }>(
        `SELECT to_regclass('messaging.report_decisions')::text AS t`,
      );
      if (exists.rows[0]?.t == null) return [];
      const r = await db.query<{
        id: number;
        report_id: number;
        conversation_id: number;
        car_id: number;
        actor: string;
        outcome: 'handled' | 'dismissed';
        reported_user: string | null;
        note: string;
        decided_at: Date | string;
      }>(
        `SELECT id, report_id, conversation_id, car_id, actor, outcome, reported_user, note, decided_at
           FROM messaging.report_decisions WHERE relayed_at IS NULL ORDER BY id LIMIT $1`,
        [limit],
      );
      return r.rows.map((x) => ({
        id: Number(x.id),
        username: x.actor,
        reportId: x.report_id,
        conversationId: x.conversation_id,
        carId: x.car_id,
        outcome: x.outcome,
        reportedUser: x.reported_user,
        note: x.note,
        decidedAt: x.decided_at instanceof Date ? x.decided_at : new Date(x.decided_at),
      }));
    },

    async markRelayed(id: number, at: Date): Promise<void> {
      await db.query(
        'UPDATE messaging.report_decisions SET relayed_at = $2::timestamptz WHERE id = $1 AND relayed_at IS NULL',
        [id, at.toISOString()],
      );
    },
  };
}
