import { useQuery } from '@tanstack/react-query';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import type { CurrentUser, VerificationStarted, VerificationState } from '@bilmarknaden/shared/api-types';
import { apiFetch, identityUrl } from '../../../lib/api-client.ts';
import { logged } from '../../../lib/logged.ts';

/** GET /user: the profile knows from it whether the user is verified. */
export function useCurrentUser(enabled: boolean) {
  return useQuery({
    queryKey: ['current-user'],
    queryFn: ({ signal }) => logged(apiFetch<CurrentUser>(identityUrl(identityPaths.user), { signal, auth: true })),
    enabled,
  });
}

export const startVerification = (personalNumber: string) =>
  apiFetch<VerificationStarted>(identityUrl(identityPaths.verification), {
    method: 'POST',
    body: { personalNumber },
    auth: true,
  });

export const pollVerification = (orderRef: string, signal?: AbortSignal) =>
  apiFetch<VerificationState>(identityUrl(identityPaths.verificationOrder(encodeURIComponent(orderRef))), {
    auth: true,
    signal,
  });

export const cancelVerification = (orderRef: string) =>
  apiFetch<void>(identityUrl(identityPaths.verificationOrder(encodeURIComponent(orderRef))), {
    method: 'DELETE',
    auth: true,
  });
