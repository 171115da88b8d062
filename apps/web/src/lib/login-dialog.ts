import { useSyncExternalStore } from 'react';

// The login dialog's open state as a tiny external store: any feature can open it (e.g. the heart
// when logged out) without a provider or an import across features. The layout renders the dialog.
type Listener = () => void;
const listeners = new Set<Listener>();
let open = false;

function setOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

export function openLoginDialog(): void {
  setOpen(true);
}

export function closeLoginDialog(): void {
  setOpen(false);
}

/** Specification section 4: the login modal opens and closes on a toggle. */
export function toggleLoginDialog(): void {
  setOpen(!open);
}

export function isLoginDialogOpen(): boolean {
  return open;
}

function subscribeLoginDialog(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginDialogOpen(): boolean {
  return useSyncExternalStore(subscribeLoginDialog, isLoginDialogOpen, isLoginDialogOpen);
}
