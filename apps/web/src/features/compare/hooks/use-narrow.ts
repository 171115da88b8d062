import { useSyncExternalStore } from 'react';

/** The phone layout's width, as car-card.css has it. */
const NARROW = '(max-width: 47.99rem)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(NARROW) : null);

function subscribe(listener: () => void): () => void {
  const mql = query();
  mql?.addEventListener('change', listener);
  return () => mql?.removeEventListener('change', listener);
}

/** True on a phone-wide window; follows a rotation or a resize. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
