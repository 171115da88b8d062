import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryPaths, messagingPaths } from '@bilmarknaden/shared/api-paths';
import type { OwnConversationReport, OwnReport, OwnUserReport } from '@bilmarknaden/shared/api-types';
import { MAX_WINDOW } from '@bilmarknaden/shared/constants';
import { apiFetch, inventoryUrl, messagingUrl, toQuery } from '../../../lib/api-client.ts';
import { HIDDEN_CARS_KEY } from '../../../lib/hidden-queries.ts';

const reportKeys = {
  own: ['reports', 'own'] as const,
  ownUsers: ['reports', 'own', 'users'] as const,
  conversations: ['reports', 'own', 'conversations'] as const,
};

/** 'Anmäl annons': one open report per ad; the server says so (409) and counts the hour's reports (429). */
export function useReportAd(carId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reason, text }: { reason: string; text?: string }) =>
      apiFetch<{ id: number }>(inventoryUrl(inventoryPaths.reports), {
        method: 'POST',
        auth: true,
        body: { carId, reason, ...(text ? { text } : {}) },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.own }),
  });
}

/** 'Anmäl användare': one open report per user; the same limit as the reports of ads, counted together (429). */
export function useReportUser(username: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reason, text }: { reason: string; text?: string }) =>
      apiFetch<{ id: number }>(inventoryUrl(inventoryPaths.userReports(encodeURIComponent(username))), {
        method: 'POST',
        auth: true,
        body: { reason, ...(text ? { text } : {}) },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.ownUsers }),
  });
}

/** 'Mina anmälningar': the newest reports of users with their outcome. */
export function useOwnUserReports() {
  return useQuery({
    queryKey: reportKeys.ownUsers,
    queryFn: ({ signal }) =>
      apiFetch<OwnUserReport[]>(
        inventoryUrl(`${inventoryPaths.ownUserReports}${toQuery({ start: 0, end: MAX_WINDOW })}`),
        { auth: true, signal },
      ),
  });
}

/** 'Mina anmälningar': the newest reports with their outcome. */
export function useOwnReports() {
  return useQuery({
    queryKey: reportKeys.own,
    queryFn: ({ signal }) =>
      apiFetch<OwnReport[]>(inventoryUrl(`${inventoryPaths.ownReports}${toQuery({ start: 0, end: MAX_WINDOW })}`), {
        auth: true,
        signal,
      }),
  });
}

/** 'Mina anmälningar': the caller's reports of conversations with their outcome (messaging). */
export function useOwnConversationReports() {
  return useQuery({
    queryKey: reportKeys.conversations,
    queryFn: ({ signal }) =>
      apiFetch<OwnConversationReport[]>(messagingUrl(messagingPaths.ownReports), { auth: true, signal }),
  });
}

/** 'Begär omprövning': once per hidden ad; the hidden ads (the list and the ad page) are read again. */
export function useRequestReview(carId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiFetch<void>(inventoryUrl(inventoryPaths.carReview(carId)), { method: 'POST', auth: true, body: { text } }),
    onSuccess: () => client.invalidateQueries({ queryKey: HIDDEN_CARS_KEY }),
  });
}
