import { useQuery } from '@tanstack/react-query';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import type { PublicProfile } from '@bilmarknaden/shared/api-types';
import { ApiRequestError, apiFetch, identityUrl, toQuery } from '../../../lib/api-client.ts';
import { takeInitialAnswer } from '../../../lib/initial-answers.ts';
import { logged } from '../../../lib/logged.ts';

const profileUrl = (username: string) => identityUrl(`${identityPaths.userByUsername}${toQuery({ username })}`);

/**
 * The seller's public profile (no contact details), asked for only when `enabled`: the seller page needs it only to
 * tell a seller without ads from no one. The server may have put it in the page (server/src/page-data.ts).
 */
export function useSellerProfile(username: string, enabled: boolean) {
  const url = profileUrl(username);
  return useQuery({
    queryKey: ['seller-profile', username],
    queryFn: ({ signal }) => logged(apiFetch<PublicProfile>(url, { signal })),
    initialData: () => takeInitialAnswer<PublicProfile>(url)?.body,
    // Whether an account exists does not change while a page is open: the page's answer needs no second read.
    staleTime: 10 * 60_000,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 1,
    enabled,
  });
}
