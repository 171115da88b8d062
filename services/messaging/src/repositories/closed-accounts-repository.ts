import type { Database, Queryable } from '@bilmarknaden/db/database';

/**
 * Serialises one user's writes here for the rest of the transaction (so the hourly limits are never passed by
 * concurrent requests) and the erasure of their account. Keyed by lower(username), as a closed account is recorded.
 */
export const lockUser = (tx: Queryable, username: string) =>
  tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('messaging:' || lower($1), 0))`, [username]);

export const isClosed = async (tx: Queryable, username: string) =>
  (await tx.query(`SELECT 1 FROM messaging.closed_accounts WHERE username_lower = lower($1)`, [username])).rows.length >
  0;

/** A closed account messaging has not yet erased. */
export interface ClosureToErase {
  id: number;
  username: string;
}

/**
 * Up to `limit` of identity's closures, oldest first, whose name messaging has not yet recorded (`eraseAccount`
 * records it): read by a process that shares identity's database (the default one, messaging alone).
 */
export async function closuresToErase(db: Queryable, limit: number): Promise<ClosureToErase[]> {
  const r = await db.query<ClosureToErase>(
    `SELECT ca.id, ca.username FROM identity.closed_accounts ca
      WHERE NOT EXISTS (SELECT 1 FROM messaging.closed_accounts m WHERE m.username_lower = lower(ca.username))
      ORDER BY ca.id LIMIT $1`,
    [limit],
  );
  return r.rows.map((row) => ({ id: Number(row.id), username: row.username }));
}

/**
 * Erases a closed account here (the closure relay calls it): records the name as closed, deletes its messages and
 * its side of each conversation, and leaves the other party the conversation with `otherParty.username` null;
 * a conversation with no message left goes. Its reports stay for the moderators without its name. Idempotent.
 */
export function eraseAccount(db: Database, username: string): Promise<{ erasedMessages: number }> {
  return db.transaction(async (tx) => {
    await tx.query(`INSERT INTO messaging.closed_accounts (username_lower) VALUES (lower($1)) ON CONFLICT DO NOTHING`, [
      username,
    ]);
    // After the record, under the user's lock: a send that began before has committed, later ones see it closed.
    await lockUser(tx, username);
    const sides = await tx.query<{ conversation_id: number; is_seller: boolean; username: string }>(
      `DELETE FROM messaging.participants WHERE lower(username) = lower($1)
       RETURNING conversation_id, is_seller, username`,
      [username],
    );
    await tx.query(`UPDATE messaging.reports SET reporter = NULL WHERE lower(reporter) = lower($1)`, [username]);
    if (sides.rows.length === 0) return { erasedMessages: 0 };
    const ids = sides.rows.map((s) => s.conversation_id);
    const erased = await tx.query(
      `DELETE FROM messaging.messages WHERE conversation_id = ANY($1::int[]) AND lower(sender) = lower($2)`,
      [ids, username],
    );
    await tx.query(
      `UPDATE messaging.conversations
          SET seller = CASE WHEN lower(seller) = lower($2) THEN NULL ELSE seller END,
              buyer = CASE WHEN lower(buyer) = lower($2) THEN NULL ELSE buyer END
        WHERE id = ANY($1::int[])`,
      [ids, username],
    );
    await tx.query(
      `DELETE FROM messaging.conversations c
        WHERE c.id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM messaging.messages m WHERE m.conversation_id = c.id)`,
      [ids],
    );
    // The other party's inbox order and unread state without the erased messages.
    await tx.query(
      `UPDATE messaging.participants o
          SET last_message_id = (SELECT max(m.id) FROM messaging.messages m WHERE m.conversation_id = o.conversation_id),
              last_incoming_id = 0,
              mailed_for = NULL
        WHERE o.conversation_id = ANY($1::int[])`,
      [ids],
    );
    return { erasedMessages: erased.rowCount };
  });
}
