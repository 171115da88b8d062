import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { FeedbackItem } from '@bilmarknaden/shared/api-types';
import { PAGE_SIZE } from '@bilmarknaden/shared/constants';
import { apiFetch, inventoryUrl, toQuery } from '../../../lib/api-client.ts';
import { logged } from '../../../lib/logged.ts';

const FEEDBACK_KEY = ['feedback'] as const;

/** Which feedback the inbox shows: only the open (unhandled) ones, or all. */
export type FeedbackView = 'open' | 'all';

/**
 * Stored feedback, newest first, a window per page (moderators and administrators only; others get 403). The open
 * view asks for `handled=false`.
 */
export function useFeedback(view: FeedbackView) {
  return useInfiniteQuery({
    queryKey: [...FEEDBACK_KEY, view],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      logged(
        apiFetch<FeedbackItem[]>(
          inventoryUrl(
            `${inventoryPaths.feedback}${toQuery({
              start: pageParam,
              end: pageParam + PAGE_SIZE,
              handled: view === 'open' ? 'false' : undefined,
            })}`,
          ),
          { auth: true, signal },
        ),
      ),
    getNextPageParam: (lastPage, _all, lastStart) => (lastPage.length < PAGE_SIZE ? undefined : lastStart + PAGE_SIZE),
  });
}

/**
 * Marks one feedback handled (or open again). Every view is read again afterwards: a marked item leaves the open
 * view, and the later windows of that view shift by one.
 */
export function useMarkHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      apiFetch<FeedbackItem>(inventoryUrl(inventoryPaths.feedbackHandled(id)), {
        method: handled ? 'PUT' : 'DELETE',
        auth: true,
      }),
    onError: (error) => console.error(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FEEDBACK_KEY }),
  });
}

/** Removes one feedback for good (spam, abuse, or a sender who asks to be removed); every view is read again. */
export function useRemoveFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<void>(inventoryUrl(inventoryPaths.feedbackById(id)), { method: 'DELETE', auth: true }),
    onError: (error) => console.error(error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEEDBACK_KEY }),
  });
}
