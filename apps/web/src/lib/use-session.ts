import { useSyncExternalStore } from 'react';
import type { StoredUserDetails } from '@bilmarknaden/shared/api-types';
import { getSessionSnapshot, getToken, subscribeSession } from './session-store.ts';

export interface Session {
  token: string | null;
  /** The stored user-details triple (username, firstname, lastname). */
  details: StoredUserDetails | null;
  loggedIn: boolean;
}

const serverSnapshot = { token: null, details: null };

/** The stored session, re-rendering on login, logout, refresh and changes from other tabs. */
export function useSession(): Session {
  const { token, details } = useSyncExternalStore(subscribeSession, getSessionSnapshot, () => serverSnapshot);
  return { token, details, loggedIn: token !== null && token !== '' };
}

/** Just the stored token (null when logged out); re-renders only when it changes. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, () => null);
}
