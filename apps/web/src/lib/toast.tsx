import { useEffect, useSyncExternalStore } from 'react';

/** How long a confirmation stays on screen. */
export const TOAST_MS = 8000;

interface Toast {
  id: number;
  text: string;
}

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * A short confirmation ('Din annons är publicerad') in the layout's polite live region: announced by screen
 * readers, shown over the page, and it leaves the keyboard where it is (unlike a dialog or a moved focus).
 */
export function showToast(text: string): void {
  current = { id: nextId++, text };
  emit();
}

export function hideToast(): void {
  current = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The region the layout keeps in the page from the start, so that a later text in it is announced. */
export function ToastRegion() {
  const toast = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => {
      if (current?.id === toast.id) hideToast();
    }, TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {toast && (
        <p key={toast.id} className="toast">
          {toast.text}
        </p>
      )}
    </div>
  );
}
