import { useInfiniteQuery } from '@tanstack/react-query';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { FeedbackItem } from '@bilmarknaden/shared/api-types';
import { PAGE_SIZE } from '@bilmarknaden/shared/constants';
import { apiFetch, inventoryUrl, toQuery } from '../../../lib/api-client.ts';
import { logged } from '../../../lib/logged.ts';

export const FEEDBACK_KEY = ['feedback'] as const;

/** Stored feedback, newest first, 20 per page (moderators and administrators only; others get 403). */
export function useFeedback() {
  return useInfiniteQuery({
    queryKey: FEEDBACK_KEY,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      logged(
        apiFetch<FeedbackItem[]>(
          inventoryUrl(`${inventoryPaths.feedback}${toQuery({ start: pageParam, end: pageParam + PAGE_SIZE })}`),
          { auth: true, signal },
        ),
      ),
    getNextPageParam: (lastPage, _all, lastStart) => (lastPage.length < PAGE_SIZE ? undefined : lastStart + PAGE_SIZE),
  });
}
