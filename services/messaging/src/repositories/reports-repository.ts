import type { Queryable } from '@bilmarknaden/db/database';
import type { ConversationReport } from '@bilmarknaden/shared/api-types';

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** How many of a reported conversation's newest messages the moderators read with the report. */
export const REPORTED_MESSAGES = 20;

/** The open reports of conversations, oldest first, each with its conversation's newest messages (the queue). */
export async function openConversationReports(db: Queryable, limit: number): Promise<ConversationReport[]> {
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
      ORDER BY r.created_at, r.id LIMIT $1`,
    [limit, REPORTED_MESSAGES],
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
