import type { Queryable } from '@bilmarknaden/db/database';
import type { FeedbackBody, FeedbackItem } from '@bilmarknaden/shared/api-types';
import type { Window } from '../services/search-query.ts';
import { iso } from './json-sql.ts';
import { closedSellerSql } from './closed-sellers-repository.ts';

const COLUMNS = 'id, name, email, title, content, username, created, handled_by, handled_at';

interface FeedbackRow extends FeedbackBody {
  id: number;
  username: string | null;
  created: Date | string;
  handled_by: string | null;
  handled_at: Date | string | null;
}

const toItem = (r: FeedbackRow): FeedbackItem => ({
  id: r.id,
  name: r.name,
  email: r.email,
  title: r.title,
  content: r.content,
  username: r.username,
  created: iso(r.created),
  handledBy: r.handled_by,
  handledAt: r.handled_at === null ? null : iso(r.handled_at),
});

/** Which feedback a list shows: all, only the open ones, or only the handled ones. */
export type HandledFilter = 'all' | 'open' | 'handled';

const FILTERS: Record<HandledFilter, string> = {
  all: '',
  open: ' WHERE handled_at IS NULL',
  handled: ' WHERE handled_at IS NOT NULL',
};

export function feedbackRepository(db: Queryable) {
  return {
    /**
     * Stores feedback with the sender's username, or none: anonymous, or sent with a closed account's still valid
     * token (the erasure unlinked that account's feedback; this keeps new feedback unlinked too).
     */
    async insert(f: FeedbackBody, username: string | null): Promise<number> {
      const r = await db.query<{ id: number }>(
        `INSERT INTO inventory.feedback (name, email, title, content, username)
         VALUES ($1, $2, $3, $4, CASE WHEN ${closedSellerSql('$5::text')} THEN NULL ELSE $5::text END) RETURNING id`,
        [f.name, f.email, f.title, f.content, username],
      );
      return r.rows[0]!.id;
    },

    /**
     * Unlinks a closed account's feedback (username set to NULL, matched by lower(username)); the message and the
     * contact details typed into the form stay for staff. Answers how many.
     */
    async unlinkUser(username: string): Promise<number> {
      const r = await db.query('UPDATE inventory.feedback SET username = NULL WHERE lower(username) = lower($1)', [
        username,
      ]);
      return r.rowCount;
    },

    /** Newest first (ids grow with time; the primary key gives the order). */
    async list(window: Window, filter: HandledFilter = 'all'): Promise<FeedbackItem[]> {
      const r = await db.query<FeedbackRow>(
        `SELECT ${COLUMNS} FROM inventory.feedback${FILTERS[filter]} ORDER BY id DESC LIMIT $1 OFFSET $2`,
        [window.end - window.start, window.start],
      );
      return r.rows.map(toItem);
    },

    /** Marks it handled by `username`, now; one already handled keeps who marked it and when. Null: no such id. */
    async markHandled(id: number, username: string): Promise<FeedbackItem | null> {
      const r = await db.query<FeedbackRow>(
        `UPDATE inventory.feedback SET handled_by = COALESCE(handled_by, $2), handled_at = COALESCE(handled_at, now())
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, username],
      );
      return r.rows[0] ? toItem(r.rows[0]) : null;
    },

    /** Removes it for good; false when there is no such id. */
    async remove(id: number): Promise<boolean> {
      const r = await db.query('DELETE FROM inventory.feedback WHERE id = $1', [id]);
      return r.rowCount === 1;
    },

    /** Opens it again. Null: no such id. */
    async reopen(id: number): Promise<FeedbackItem | null> {
      const r = await db.query<FeedbackRow>(
        `UPDATE inventory.feedback SET handled_by = NULL, handled_at = NULL WHERE id = $1 RETURNING ${COLUMNS}`,
        [id],
      );
      return r.rows[0] ? toItem(r.rows[0]) : null;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
