import type { Queryable } from '@bilmarknaden/db/database';
import type { FlaggedMessage } from '@bilmarknaden/shared/api-types';

/** "Before every id": the first page and the later ones are one statement, each a range of the partial index. */
const BIGINT_MAX = '9223372036854775807';

/** The messages that tripped a warning rule (issue #42), newest first, before message id `before` (all when null). */
export async function flaggedMessages(db: Queryable, before: number | null, limit: number): Promise<FlaggedMessage[]> {
  const r = await db.query<{
    id: number;
    conversation_id: number;
    car_id: number;
    car_title: string;
    sender: string;
    recipient: string | null;
    text: string;
    sent_at: Date | string;
    flags: string[];
  }>(
    `SELECT m.id, m.conversation_id, c.car_id, c.car_title, m.sender,
            CASE WHEN m.sender = c.seller THEN c.buyer ELSE c.seller END AS recipient, m.text, m.sent_at, m.flags
       FROM messaging.messages m JOIN messaging.conversations c ON c.id = m.conversation_id
      WHERE m.flags <> '{}' AND m.id < $1::bigint
      ORDER BY m.id DESC LIMIT $2`,
    [before ?? BIGINT_MAX, limit],
  );
  return r.rows.map((x) => ({
    id: x.id,
    conversationId: x.conversation_id,
    carId: x.car_id,
    carTitle: x.car_title,
    sender: x.sender,
    recipient: x.recipient,
    text: x.text,
    sentAt: new Date(x.sent_at).toISOString(),
    flags: x.flags,
  }));
}
