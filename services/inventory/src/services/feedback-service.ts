import type { Database } from '@bilmarknaden/db/database';
import type { FeedbackItem } from '@bilmarknaden/shared/api-types';
import { feedbackRules, normalizeFeedback } from '@bilmarknaden/shared/validation/feedback';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import { requireStaff } from '@bilmarknaden/service-kit/staff-role';
import { MESSAGES } from '../errors.ts';
import { feedbackRepository, type HandledFilter } from '../repositories/feedback-repository.ts';
import { parseWindow } from './search-query.ts';

/** The token's user as the rules see it. */
export interface FeedbackUser {
  username: string;
  role: number;
}

export interface FeedbackServiceDeps {
  db: Database;
}

/** `handled` of the list's query: absent shows all, 'false' the open ones, 'true' the handled ones. */
function handledFilter(value: unknown): HandledFilter {
  if (value === undefined) return 'all';
  if (value === 'false') return 'open';
  if (value === 'true') return 'handled';
  throw new DomainError('invalid', MESSAGES.feedbackHandledFilter, { field: 'handled' });
}

/**
 * Feedback from anyone, read and handled by staff. The staff check comes before the request's other input is
 * read, so others get 403 whatever they sent; an id that is not one (null) is an unknown feedback.
 */
export function feedbackService({ db }: FeedbackServiceDeps) {
  const feedback = feedbackRepository(db);
  const found = (item: FeedbackItem | null): FeedbackItem => {
    if (!item) throw new DomainError('not-found', MESSAGES.feedbackNotFound);
    return item;
  };

  return {
    /** Stores the form after the shared rules; `username` is null when sent without a (valid) token. */
    async send(form: Record<string, unknown>, username: string | null): Promise<number> {
      const body = normalizeFeedback(form);
      refuseFailure(lastFailure(feedbackRules, body));
      return feedback.insert(body, username);
    },

    /** Newest first, in the query's window (`start`, `end`) and `handled` filter. */
    async list(user: FeedbackUser, query: Record<string, unknown>): Promise<FeedbackItem[]> {
      requireStaff(user, MESSAGES.feedbackForbidden);
      return feedback.list(parseWindow(query), handledFilter(query.handled));
    },

    async markHandled(user: FeedbackUser, id: number | null): Promise<FeedbackItem> {
      requireStaff(user, MESSAGES.feedbackHandleForbidden);
      return found(id === null ? null : await feedback.markHandled(id, user.username));
    },

    async reopen(user: FeedbackUser, id: number | null): Promise<FeedbackItem> {
      requireStaff(user, MESSAGES.feedbackHandleForbidden);
      return found(id === null ? null : await feedback.reopen(id));
    },

    async remove(user: FeedbackUser, id: number | null): Promise<void> {
      requireStaff(user, MESSAGES.feedbackDeleteForbidden);
      if (id === null || !(await feedback.remove(id))) throw new DomainError('not-found', MESSAGES.feedbackNotFound);
    },
  };
}

export type FeedbackService = ReturnType<typeof feedbackService>;
