import type { Database } from '@bilmarknaden/db/database';

/** A participant to mail: a message in the conversation has waited unread long enough. */
export interface DueMail {
  conversationId: number;
  isSeller: boolean;
  username: string;
  /** The first message the participant has not read: the mail's key. */
  firstUnreadId: number;
  title: string;
}

/**
 * The mail state of `messaging.participants`. A sweep claims due rows for a while (FOR UPDATE SKIP LOCKED, so
 * replicas share the work), asks identity outside any transaction, then records the mail; a claim whose sweep died
 * runs out and the row is due again (identity sends at most one mail per key).
 */
export function mailRepository(db: Database) {
  return {
    /**
     * Claims until `claimUntil` up to `limit` participants whose first unread message was sent at or before
     * `unreadSince` and who have had no mail since they last read that conversation.
     */
    async claimDue(now: Date, unreadSince: Date, claimUntil: Date, limit: number): Promise<DueMail[]> {
      const r = await db.query<{
        conversation_id: number;
        is_seller: boolean;
        username: string;
        first_unread: number;
        title: string;
      }>(
        `WITH due AS (
           SELECT p.conversation_id, p.is_seller, first.id AS first_unread
             FROM messaging.participants p
             CROSS JOIN LATERAL (
               SELECT m.id, m.sent_at FROM messaging.messages m
                WHERE m.conversation_id = p.conversation_id AND m.id > p.read_up_to AND m.sender <> p.username
                ORDER BY m.id LIMIT 1
             ) first
            WHERE p.unread AND p.mailed_for IS NULL AND NOT p.blocks
              AND (p.mail_claimed_until IS NULL OR p.mail_claimed_until <= $1)
              AND first.sent_at <= $2
            ORDER BY first.id
            LIMIT $4
            FOR UPDATE OF p SKIP LOCKED
         )
         UPDATE messaging.participants p SET mail_claimed_until = $3
           FROM due, messaging.conversations c
          WHERE p.conversation_id = due.conversation_id AND p.is_seller = due.is_seller AND c.id = p.conversation_id
         RETURNING p.conversation_id, p.is_seller, p.username, due.first_unread, c.car_title AS title`,
        [now, unreadSince, claimUntil, limit],
      );
      return r.rows.map((row) => ({
        conversationId: row.conversation_id,
        isSeller: row.is_seller,
        username: row.username,
        firstUnreadId: Number(row.first_unread),
        title: row.title,
      }));
    },

    /** Whether the claimed participant still has that message unread (read in the meantime: no mail). */
    async stillUnread(mail: DueMail): Promise<boolean> {
      const r = await db.query(
        `SELECT 1 FROM messaging.participants
          WHERE conversation_id = $1 AND is_seller = $2 AND username = $3 AND read_up_to < $4`,
        [mail.conversationId, mail.isSeller, mail.username, mail.firstUnreadId],
      );
      return r.rows.length > 0;
    },

    /**
     * Records the mail (or that none is needed) and ends the claim; a participant who read past the message in
     * the meantime is left free for the next one.
     */
    async recordMailed(mail: DueMail): Promise<void> {
      await db.query(
        `UPDATE messaging.participants
            SET mailed_for = CASE WHEN read_up_to < $3 THEN $3::bigint ELSE NULL END, mail_claimed_until = NULL
          WHERE conversation_id = $1 AND is_seller = $2`,
        [mail.conversationId, mail.isSeller, mail.firstUnreadId],
      );
    },
  };
}

export type MailRepository = ReturnType<typeof mailRepository>;
