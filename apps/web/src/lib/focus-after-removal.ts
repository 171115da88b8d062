import { useEffect, useRef } from 'react';

/**
 * A removed item's button goes with it, and the keyboard would fall to the page's body. Call `removing(index)` as
 * an item is removed: once `items` has changed, the keyboard moves to the button (`selector`, inside `container`)
 * that took its place, or the one before, and to `fallback` when none is left.
 */
export function useFocusAfterRemoval<T extends HTMLElement>(selector: string, items: unknown, fallback: () => void) {
  const container = useRef<T>(null);
  const removedAt = useRef<number | null>(null);
  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const buttons = container.current?.querySelectorAll<HTMLElement>(selector) ?? [];
    if (buttons.length > 0) buttons[Math.min(at, buttons.length - 1)]!.focus();
    else fallback();
  }, [items, selector, fallback]);
  return {
    container,
    removing: (at: number) => {
      removedAt.current = at;
    },
  };
}
