import type { Queryable } from '@bilmarknaden/db/database';
import { iso } from '@bilmarknaden/db/timestamps';
import type { NotificationRequest } from '@bilmarknaden/service-kit/identity-client';

/** A mail claimed for sending, with the recipient's current address. */
export interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  /** Including this one. */
  attempts: number;
}

/** `identity.notification_requests` and `identity.mail_outbox` (decision 032). */
export function mailOutboxRepository(db: Queryable) {
  return {
    /** Takes a request's key; false when it was taken before (the request was handled already). */
    async takeKey(key: string, at: Date): Promise<boolean> {
      const { rowCount } = await db.query(
        `INSERT INTO identity.notification_requests (key, received_at) VALUES ($1, $2::timestamptz)
         ON CONFLICT (key) DO NOTHING`,
        [key, iso(at)],
      );
      return rowCount > 0;
    },

    /** Queues the mail when the user exists and has the kind switched on; false otherwise. */
    async queue(request: NotificationRequest, at: Date): Promise<boolean> {
      const { rowCount } = await db.query(
        `INSERT INTO identity.mail_outbox (user_id, subject, text, created, next_attempt_at)
         SELECT u.id, $2, $3, $4::timestamptz, $4::timestamptz FROM identity.users u
         WHERE lower(u.username) = lower($1)
           AND NOT EXISTS (SELECT 1 FROM identity.notification_settings s
                           WHERE s.user_id = u.id AND s.kind = $5 AND NOT s.email)`,
        [request.username, request.subject, request.text, iso(at), request.kind],
      );
      return rowCount > 0;
    },

    /**
     * Claims up to `limit` due mails, each with fewer than `maxAttempts` attempts: counts the attempt and moves its
     * next attempt to `leaseUntil`, so another sender skips it and a crash leaves it due again then. SKIP LOCKED:
     * replicas claiming at once take different rows.
     */
    async claimDue(now: Date, leaseUntil: Date, maxAttempts: number, limit: number): Promise<ClaimedMail[]> {
      const { rows } = await db.query<ClaimedMail>(
        `WITH due AS (
           SELECT id FROM identity.mail_outbox
           WHERE sent_at IS NULL AND next_attempt_at <= $1::timestamptz AND attempts < $3
           ORDER BY next_attempt_at, id LIMIT $4
           FOR UPDATE SKIP LOCKED
         )
         UPDATE identity.mail_outbox o SET attempts = o.attempts + 1, next_attempt_at = $2::timestamptz
         FROM due
         WHERE o.id = due.id
         RETURNING o.id,
           coalesce(o.to_email, (SELECT u.email FROM identity.users u WHERE u.id = o.user_id)) AS "to",
           o.subject, o.text, o.attempts`,
        [iso(now), iso(leaseUntil), maxAttempts, limit],
      );
      return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
    },

    /**
     * Queues a mail that no notification switch turns off (a dealer's invitation, the answer to an application):
     * to a user's current address, or to an address that may have no account yet.
     */
    async queueDirect(to: { userId: number } | { email: string }, subject: string, text: string, at: Date) {
      await db.query(
        `INSERT INTO identity.mail_outbox (user_id, to_email, subject, text, created, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5::timestamptz, $5::timestamptz)`,
        ['userId' in to ? to.userId : null, 'email' in to ? to.email : null, subject, text, iso(at)],
      );
    },

    async markSent(id: number, at: Date): Promise<void> {
      await db.query('UPDATE identity.mail_outbox SET sent_at = $2::timestamptz WHERE id = $1', [id, iso(at)]);
    },

    /** A failed send is due again at `retryAt`. */
    async retryAt(id: number, at: Date): Promise<void> {
      await db.query('UPDATE identity.mail_outbox SET next_attempt_at = $2::timestamptz WHERE id = $1', [id, iso(at)]);
    },

    /** The earliest next attempt of an unsent mail that may still be tried, or null. */
    async nextDue(maxAttempts: number): Promise<Date | null> {
      const { rows } = await db.query<{ at: Date | string | null }>(
        'SELECT min(next_attempt_at) AS at FROM identity.mail_outbox WHERE sent_at IS NULL AND attempts < $1',
        [maxAttempts],
      );
      const at = rows[0]?.at;
      return at ? new Date(at) : null;
    },

    /** Removes sent mails and request keys older than `before`, and mails given up on. */
    async prune(before: Date, maxAttempts: number): Promise<void> {
      await db.query(
        `DELETE FROM identity.mail_outbox
         WHERE (sent_at IS NOT NULL AND sent_at < $1::timestamptz) OR (sent_at IS NULL AND attempts >= $2 AND created < $1::timestamptz)`,
        [iso(before), maxAttempts],
      );
      await db.query('DELETE FROM identity.notification_requests WHERE received_at < $1::timestamptz', [iso(before)]);
    },
  };
}
