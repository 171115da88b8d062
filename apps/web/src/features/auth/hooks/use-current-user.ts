import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@bilmarknaden/shared/api-types';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { isTokenExpired } from '../../../lib/token-claims.ts';
import { getToken, useSession } from '../../../lib/session-store.ts';
import { fetchCurrentUser } from '../api/auth-api.ts';
import { currentUserKey, endSession } from '../utils/session.ts';

/** GET /user (bearer) for the stored token: username, names, role and display name. A 401 logs out. */
export function useCurrentUser() {
  const { token } = useSession();
  return useQuery<CurrentUser>({
    queryKey: currentUserKey(token),
    queryFn: async ({ signal }) => {
      try {
        return await fetchCurrentUser(token!, signal);
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 401 && getToken() === token) endSession();
        throw err;
      }
    },
    // An expired token waits for the refresh instead of earning a 401.
    enabled: !!token && !isTokenExpired(token),
    staleTime: 5 * 60_000,
    retry: (count, err) => !(err instanceof ApiRequestError && err.status < 500) && count < 1,
  });
}
