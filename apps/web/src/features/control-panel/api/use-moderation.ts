import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityPaths, inventoryPaths, messagingPaths } from '@bilmarknaden/shared/api-paths';
import type {
  AuditEntry,
  AuditQuery,
  BlockState,
  ConversationReport,
  FlaggedMessageList,
  ModerationCar,
  QueueItem,
  UserQueueItem,
} from '@bilmarknaden/shared/api-types';
import type { ConversationReportOutcome } from '@bilmarknaden/shared/validation/report-decision';
import { apiFetch, identityUrl, inventoryUrl, messagingUrl, toQuery } from '../../../lib/api-client.ts';

const MODERATION_KEY = ['moderation'] as const;
const keys = {
  queue: [...MODERATION_KEY, 'queue'] as const,
  conversations: [...MODERATION_KEY, 'conversations'] as const,
  users: [...MODERATION_KEY, 'users'] as const,
  flagged: [...MODERATION_KEY, 'flagged'] as const,
  car: (id: number) => [...MODERATION_KEY, 'car', id] as const,
  audit: (filter: AuditFilter) => [...MODERATION_KEY, 'audit', filter] as const,
};

/** The log's filters as the form holds them (the page window is added when fetching). */
export type AuditFilter = Pick<AuditQuery, 'actor' | 'action' | 'username' | 'from' | 'to'>;

/** The open reports grouped by ad, most reported and oldest first (moderators and administrators). */
export function useModerationQueue() {
  return useQuery({
    queryKey: keys.queue,
    queryFn: ({ signal }) =>
      apiFetch<QueueItem[]>(inventoryUrl(inventoryPaths.moderationQueue), { auth: true, signal }),
  });
}

/** The open reports of conversations, with their newest messages (moderators and administrators). */
export function useConversationReports() {
  return useQuery({
    queryKey: keys.conversations,
    queryFn: ({ signal }) =>
      apiFetch<ConversationReport[]>(messagingUrl(messagingPaths.reports), { auth: true, signal }),
  });
}

/** 'Flaggade meddelanden': messages that tripped a warning rule, newest first, a page at a time (issue #42). */
export function useFlaggedMessages() {
  return useInfiniteQuery({
    queryKey: keys.flagged,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<FlaggedMessageList>(messagingUrl(messagingPaths.flaggedMessages) + toQuery({ cursor: pageParam }), {
        auth: true,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The reported users with their open reports, ads and record ('Anmälda användare'). */
export function useReportedUsers() {
  return useQuery({
    queryKey: keys.users,
    queryFn: ({ signal }) =>
      apiFetch<UserQueueItem[]>(inventoryUrl(inventoryPaths.moderationUsers), { auth: true, signal }),
  });
}

/** One ad as the moderators see it: the ad, its reports, the seller's other ads and record. */
export function useModerationCar(id: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.car(id),
    enabled,
    queryFn: ({ signal }) =>
      apiFetch<ModerationCar>(inventoryUrl(inventoryPaths.moderationCar(id)), { auth: true, signal }),
  });
}

export type ModerationAction =
  | { kind: 'hide'; carId: number; reason: string }
  | { kind: 'restore'; carId: number }
  | { kind: 'dismiss'; carId: number }
  | { kind: 'dismiss-user'; username: string }
  | { kind: 'block'; username: string; blocked: boolean; reason: string }
  | { kind: 'decide-conversation-report'; reportId: number; outcome: ConversationReportOutcome; note: string };

function act(action: ModerationAction): Promise<unknown> {
  switch (action.kind) {
    case 'hide':
      return apiFetch<void>(inventoryUrl(inventoryPaths.moderationHidden(action.carId)), {
        method: 'PUT',
        auth: true,
        body: { reason: action.reason },
      });
    case 'restore':
      return apiFetch<void>(inventoryUrl(inventoryPaths.moderationHidden(action.carId)), {
        method: 'DELETE',
        auth: true,
      });
    case 'dismiss':
      return apiFetch<void>(inventoryUrl(inventoryPaths.moderationDismissal(action.carId)), {
        method: 'POST',
        auth: true,
        body: {},
      });
    case 'dismiss-user':
      return apiFetch<void>(inventoryUrl(inventoryPaths.moderationUserDismissal(encodeURIComponent(action.username))), {
        method: 'POST',
        auth: true,
        body: {},
      });
    case 'block':
      return apiFetch<BlockState>(identityUrl(identityPaths.userBlocked(encodeURIComponent(action.username))), {
        method: 'PUT',
        auth: true,
        body: { blocked: action.blocked, reason: action.reason },
      });
    case 'decide-conversation-report':
      return apiFetch<void>(messagingUrl(messagingPaths.reportDecision(action.reportId)), {
        method: 'PUT',
        auth: true,
        body: { outcome: action.outcome, ...(action.note ? { note: action.note } : {}) },
      });
  }
}

/** Every moderator action; the queue, the ad views and the audit log are read again afterwards. */
export function useModerationAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: act,
    // Not awaited: the caller's own onSuccess (its announcement) runs before the queue drops the decided ad.
    onSettled: () => void client.invalidateQueries({ queryKey: MODERATION_KEY }),
  });
}

/** The audit log, newest first (administrators). */
export function useAuditLog(filter: AuditFilter) {
  return useQuery({
    queryKey: keys.audit(filter),
    queryFn: ({ signal }) =>
      apiFetch<AuditEntry[]>(
        inventoryUrl(
          `${inventoryPaths.moderationAudit}${toQuery({
            ...filter,
            from: filter.from ? new Date(filter.from).toISOString() : undefined,
            to: filter.to ? new Date(filter.to).toISOString() : undefined,
            start: 0,
            end: 100,
          })}`,
        ),
        { auth: true, signal },
      ),
  });
}
