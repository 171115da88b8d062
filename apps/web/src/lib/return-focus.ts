import { useRef } from 'react';

/**
 * Radix returns focus on close only to a Dialog.Trigger. The shell's dialogs open from state (a header
 * button, the heart, a timer), so remember what had focus when one opened and give it back on close;
 * when that element is gone (e.g. 'Logga in' after logging in), Radix's default applies.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const el = opener.current;
      opener.current = null;
      if (!el?.isConnected) return;
      event.preventDefault();
      el.focus();
    },
  };
}
