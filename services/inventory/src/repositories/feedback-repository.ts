import type { Queryable } from '@bilmarknaden/db/database';
import type { FeedbackBody, FeedbackItem } from '@bilmarknaden/shared/api-types';
import type { Window } from '../services/search-query.ts';
import { iso } from './cars-repository.ts';

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

    /** Newest first (ids grow with time; the primary key gives the order). */
    async list(window: Window): Promise<FeedbackItem[]> {
      const r = await db.query<Omit<FeedbackItem, 'created'> & { created: Date | string }>(
        `SELECT id, name, email, title, content, username, created FROM inventory.feedback
         ORDER BY id DESC LIMIT $1 OFFSET $2`,
        [window.end - window.start, window.start],
      );
      return r.rows.map((row) => ({ ...row, created: iso(row.created) }));
    },
  };
}

export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
