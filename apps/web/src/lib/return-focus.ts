import { useRef } from 'react';
import { pageChangeCount } from './page-changes.ts';

/**
 * Radix returns focus on close only to a Dialog.Trigger. The shell's dialogs open from state (a header
 * button, the heart, a timer), so remember what had focus when one opened and give it back on close;
 * when that element is gone or was none (e.g. 'Logga in' after logging in), `fallback` gets it, or else Radix's
 * default applies. A link in the dialog that changed the page leaves the keyboard to the new page (its heading, see
 * app/use-route-focus.ts), not on the button that opened the dialog.
 */
export function useReturnFocus(fallback?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  const openedAt = useRef<number | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      openedAt.current = pageChangeCount();
    },
    onCloseAutoFocus: (event: Event) => {
      const el = opener.current;
      opener.current = null;
      if (openedAt.current !== null && openedAt.current !== pageChangeCount()) {
        openedAt.current = null;
        event.preventDefault();
        return;
      }
      openedAt.current = null;
      const target = el?.isConnected ? el : fallback?.();
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}
