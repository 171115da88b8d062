import { useQuery } from '@tanstack/react-query';
import { identityPaths, inventoryPaths, messagingPaths } from '@bilmarknaden/shared/api-paths';
import type { PublicProfile, SellerReplyTime, SellerSummary } from '@bilmarknaden/shared/api-types';
import { ApiRequestError, apiFetch, identityUrl, inventoryUrl, messagingUrl, toQuery } from './api-client.ts';
import { takeInitialAnswer } from './initial-answers.ts';
import { logged } from './logged.ts';

const profileUrl = (username: string) => identityUrl(`${identityPaths.userByUsername}${toQuery({ username })}`);
// What a seller box shows changes slowly; a page open a few minutes needs no second read.
const SELLER_STALE_MS = 5 * 60_000;
const noRetryOn4xx = (count: number, error: unknown) =>
  !(error instanceof ApiRequestError && error.status < 500) && count < 1;

/**
 * The seller's public profile (no contact details), asked for only when `enabled`. The server may have put it in
 * the page (server/src/page-data.ts).
 */
export function useSellerProfile(username: string, enabled = true) {
  const url = profileUrl(username);
  return useQuery({
    queryKey: ['seller-profile', username],
    queryFn: ({ signal }) => logged(apiFetch<PublicProfile>(url, { signal })),
    initialData: () => takeInitialAnswer<PublicProfile>(url)?.body,
    staleTime: 10 * 60_000,
    retry: noRetryOn4xx,
    enabled,
  });
}

/** A fact of the seller box: read once per page, a failed read not retried on a 4xx. */
function useSellerFact<T>(key: string, username: string, url: string) {
  return useQuery({
    queryKey: [key, username],
    queryFn: ({ signal }) => logged(apiFetch<T>(url, { signal })),
    staleTime: SELLER_STALE_MS,
    retry: noRetryOn4xx,
  });
}

/** How many ads the seller has for sale and has sold (the seller box, issue 42). */
export const useSellerSummary = (username: string) =>
  useSellerFact<SellerSummary>(
    'seller-summary',
    username,
    inventoryUrl(`${inventoryPaths.sellerSummary}${toQuery({ username })}`),
  );

/** The seller's median first reply over the last 90 days, or null (the seller box, issue 42). */
export const useSellerReplyTime = (username: string) =>
  useSellerFact<SellerReplyTime>(
    'seller-reply-time',
    username,
    messagingUrl(`${messagingPaths.sellerReplyTime}${toQuery({ username })}`),
  );
