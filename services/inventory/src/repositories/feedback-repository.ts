import type { Queryable } from '@bilmarknaden/db/database';
import type { FeedbackBody } from '@bilmarknaden/shared/api-types';

export function feedbackRepository(db: Queryable) {
  return {
    async insert(f: FeedbackBody, username: string | null): Promise<number> {
      const r = await db.query<{ id: number }>(
        `INSERT INTO inventory.feedback (name, email, title, content, username)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [f.name, f.email, f.title, f.content, username],
      );
      return r.rows[0]!.id;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
