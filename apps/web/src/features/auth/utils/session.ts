import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@bilmarknaden/shared/api-types';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { tokenExpiresAt } from '../../../lib/token-claims.ts';
import {
  emitSessionEvent,
  endStoredSession,
  getToken,
  SESSION_EVENTS,
  storeSession,
  subscribeSession,
} from '../../../lib/session-store.ts';
import { fetchCurrentUser, refreshRequest } from '../api/auth-api.ts';

// Session transitions of specification section 4, outside React so the login dialog, the signup
// page and the refresh timer share them.

/** Refresh this long before the token expires. */
export const REFRESH_LEAD_MS = 60_000;
/** After a network failure (not an answer from the server) while the token is still valid. */
const REFRESH_RETRY_MS = 15_000;
const MAX_TIMEOUT_MS = 2_147_483_647;

export const currentUserKey = (token: string | null) => ['current-user', token] as const;

/**
 * Logged out → logged in: stores the token, fetches the profile, stores the user-details triple and
 * emits 'loggedin' then 'profileSet'. A failed profile fetch is logged; the token stays.
 */
export async function completeLogin(token: string, queryClient: QueryClient): Promise<CurrentUser | null> {
  storeSession(token, null);
  emitSessionEvent(SESSION_EVENTS.loggedIn);
  try {
    const user = await queryClient.fetchQuery({
      queryKey: currentUserKey(token),
      queryFn: ({ signal }) => fetchCurrentUser(token, signal),
    });
    if (getToken() !== token) return null;
    const details = { username: user.username, firstname: user.firstname, lastname: user.lastname };
    storeSession(token, details);
    emitSessionEvent(SESSION_EVENTS.profileSet, details);
    return user;
  } catch (err) {
    console.error('Kunde inte hämta profilen', err);
    return null;
  }
}

/** Marks the user logged out without reloading: clears token and details, emits 'loggedout'. */
export function endSession(): void {
  cancelScheduledRefresh();
  endStoredSession();
}

/** 'Logga ut': clears the session, emits 'loggedout' and reloads the page. */
export function logout(reload: () => void = () => window.location.reload()): void {
  endSession();
  reload();
}

let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: Promise<string | null> | null = null;

export function cancelScheduledRefresh(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

/**
 * GET /user/refresh now. A new token replaces the old one (details kept); a refused or failed
 * refresh logs out and clears the token, except a network failure while the token is still valid,
 * which is retried shortly.
 */
export function refreshSession(): Promise<string | null> {
  if (inFlight) return inFlight;
  const token = getToken();
  if (!token) return Promise.resolve(null);
  inFlight = (async () => {
    try {
      const next = await refreshRequest(token);
      if (!next) throw new Error('Tom token från servern');
      if (getToken() !== token) return getToken();
      storeSession(next);
      scheduleRefresh(next);
      return next;
    } catch (err) {
      if (getToken() !== token) return getToken();
      const expiresAt = tokenExpiresAt(token);
      if (!(err instanceof ApiRequestError) && expiresAt !== null && expiresAt > Date.now() + REFRESH_RETRY_MS) {
        console.error('Tokenförnyelsen misslyckades, försöker igen', err);
        cancelScheduledRefresh();
        timer = setTimeout(() => void refreshSession(), REFRESH_RETRY_MS);
        return token;
      }
      console.error('Tokenförnyelsen misslyckades, loggar ut', err);
      endSession();
      return null;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** Times the refresh REFRESH_LEAD_MS before exp; refreshes at once when that moment has passed. */
function scheduleRefresh(token: string | null = getToken()): void {
  cancelScheduledRefresh();
  if (!token) return;
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return;
  const delay = expiresAt - REFRESH_LEAD_MS - Date.now();
  if (delay <= 0) {
    void refreshSession();
    return;
  }
  timer = setTimeout(
    () => (delay > MAX_TIMEOUT_MS ? scheduleRefresh(getToken()) : void refreshSession()),
    Math.min(delay, MAX_TIMEOUT_MS),
  );
}

/** Keeps the stored token fresh for as long as the app runs: reschedules whenever the token changes. */
export function startSessionRefresh(): () => void {
  let current = getToken();
  scheduleRefresh(current);
  const unsubscribe = subscribeSession(() => {
    const next = getToken();
    if (next === current) return;
    current = next;
    scheduleRefresh(next);
  });
  // Timers stall while a laptop sleeps or a tab is frozen: re-check when the page is back.
  const recheck = () => {
    if (document.visibilityState === 'visible') scheduleRefresh(getToken());
  };
  document.addEventListener('visibilitychange', recheck);
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', recheck);
    cancelScheduledRefresh();
  };
}
