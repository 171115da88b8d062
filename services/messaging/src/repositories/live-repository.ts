import type { Queryable } from '@bilmarknaden/db/database';
import type { MessageEvent } from '@bilmarknaden/shared/api-types';
import { toMessage, type MessageRow } from './conversations-repository.ts';

/** What live delivery reads: the messages each participant's stream carries, and where a new stream starts. */
export function liveRepository(db: Queryable) {
  return {
    /** The highest message id stored, 0 when none: a stream opened without Last-Event-ID starts after it. */
    async latestMessageId(): Promise<number> {
      const r = await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::bigint AS id FROM messaging.messages');
      return r.rows[0]!.id;
    },

    /** One message as `username` sees it (live delivery), or null when they take no part in its conversation. */
    async messageEvent(messageId: number, username: string): Promise<MessageEvent | null> {
      const r = await db.query<MessageRow>(
        `SELECT m.id, m.conversation_id, m.text, m.sent_at, m.sender, m.flags
           FROM messaging.messages m
           JOIN messaging.participants p ON p.conversation_id = m.conversation_id AND p.username = $2
          WHERE m.id = $1`,
        [messageId, username],
      );
      const row = r.rows[0];
      return row ? { conversationId: row.conversation_id, message: toMessage(row, username) } : null;
    },

    /** The messages of the user's conversations after `afterMessageId`, id ascending, at most `limit`. */
    async missedMessageEvents(username: string, afterMessageId: number, limit: number): Promise<MessageEvent[]> {
      const r = await db.query<MessageRow>(
        `SELECT m.id, m.conversation_id, m.text, m.sent_at, m.sender, m.flags
           FROM messaging.participants p
           JOIN messaging.messages m ON m.conversation_id = p.conversation_id AND m.id > $2
          WHERE p.username = $1
          ORDER BY m.id LIMIT $3`,
        [username, afterMessageId, limit],
      );
      return r.rows.map((row) => ({ conversationId: row.conversation_id, message: toMessage(row, username) }));
    },
  };
}
