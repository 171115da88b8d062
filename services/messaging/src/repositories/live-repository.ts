import type { Queryable } from '@bilmarknaden/db/database';

/** What live delivery reads besides the conversations repository's events. */
export function liveRepository(db: Queryable) {
  return {
    /** The highest message id stored, 0 when none: a stream opened without Last-Event-ID starts after it. */
    async latestMessageId(): Promise<number> {
      const r = await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::bigint AS id FROM messaging.messages');
      return r.rows[0]!.id;
    },
  };
}
