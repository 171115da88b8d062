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

export function storeSession(token: string, details?: StoredUserDetails): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  if (details) localStorage.setItem(STORAGE_KEYS.userDetails, JSON.stringify(details));
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

function emit(): void {
  for (const l of listeners) l();
}
