import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@bilmarknaden/shared/constants';
import type { StoredUserDetails } from '@bilmarknaden/shared/api-types';

// The stored session of section 4 (the token and the user-details triple in localStorage), its events and hooks.
// In lib, as every feature reads it and the API client sends its token; features/auth holds the transitions.
type Listener = () => void;
const listeners = new Set<Listener>();

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function getUserDetails(): StoredUserDetails | null {
  const raw = localStorage.getItem(STORAGE_KEYS.userDetails);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUserDetails;
  } catch {
    return null;
  }
}

/** Stores the token; details are stored when given, removed when null, kept when left out. */
export function storeSession(token: string, details?: StoredUserDetails | null): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  if (details) localStorage.setItem(STORAGE_KEYS.userDetails, JSON.stringify(details));
  else if (details === null) localStorage.removeItem(STORAGE_KEYS.userDetails);
  emit();
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.userDetails);
  emit();
}

/**
 * The session ends: token and details cleared and 'loggedout' emitted, on which the layout drops the user's
 * cached queries and the refresh timer stops with the token.
 */
export function endStoredSession(): void {
  clearSession();
  emitSessionEvent(SESSION_EVENTS.loggedOut);
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One immutable view of the stored session; the same object until the storage changes. */
interface SessionSnapshot {
  token: string | null;
  details: StoredUserDetails | null;
}

let cached: { token: string | null; rawDetails: string | null; snapshot: SessionSnapshot } | null = null;

/** A stable snapshot for useSyncExternalStore: a new object only when token or details changed. */
export function getSessionSnapshot(): SessionSnapshot {
  const token = getToken();
  const rawDetails = localStorage.getItem(STORAGE_KEYS.userDetails);
  if (!cached || cached.token !== token || cached.rawDetails !== rawDetails) {
    cached = { token, rawDetails, snapshot: { token, details: getUserDetails() } };
  }
  return cached.snapshot;
}

// Another tab logging in or out changes localStorage: tell this tab's subscribers too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === STORAGE_KEYS.token || e.key === STORAGE_KEYS.userDetails) emit();
  });
}

function emit(): void {
  for (const l of listeners) l();
}

interface Session extends SessionSnapshot {
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

// Specification section 4: the session announces itself with these window events.
export const SESSION_EVENTS = {
  loggedIn: 'loggedin',
  profileSet: 'profileSet',
  loggedOut: 'loggedout',
} as const;

type SessionEventName = (typeof SESSION_EVENTS)[keyof typeof SESSION_EVENTS];

export function emitSessionEvent(name: SessionEventName, detail?: unknown): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Listens to one session event; returns the unsubscribe function. */
export function onSessionEvent(name: SessionEventName, listener: (event: CustomEvent) => void): () => void {
  const handler = (e: Event) => listener(e as CustomEvent);
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}
