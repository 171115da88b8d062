import { STORAGE_KEYS } from '@bilmarknaden/shared/constants';
import type { StoredUserDetails } from '@bilmarknaden/shared/api-types';

// The session as section 4 keeps it: the token and the user-details triple in localStorage.
// A tiny external store so any component can subscribe (useSyncExternalStore) without a provider.
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
