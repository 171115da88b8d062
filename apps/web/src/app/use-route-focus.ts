import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { notePageChange } from '../lib/page-changes.ts';

/** Where the keyboard goes after a page change: the new page's main heading. */
export function pageHeading(main: HTMLElement): HTMLElement | null {
  return main.querySelector<HTMLElement>('h1');
}

/**
 * After a change of page (a new path, not new filters on the same one), focus moves to the new page's heading, as
 * accessible routers do: a screen reader reads where the user is, and Tab goes on from the page's top instead of the
 * menu button. It waits for the heading (a lazy page, an ad still loading) and for a closing drawer, which gives
 * focus back to its button first. It never takes focus from a place the user or the page chose inside the page.
 */
export function useRouteFocus(main: React.RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    notePageChange();
    const root = main.current;
    if (!root) return;
    const startedOn = document.activeElement;
    const tryFocus = (): boolean => {
      const active = document.activeElement;
      // Already in the new page (an autofocused field, a heading the page focused): leave it.
      if (active && active !== root && root.contains(active)) return true;
      // The user went elsewhere meanwhile (not a closing drawer's link): leave it there too.
      const moved = active && active !== document.body && active !== startedOn;
      if (moved && !active.closest('[role="dialog"]')) return true;
      // A drawer or dialog still open or closing: wait until it has given focus back.
      if (document.querySelector('[role="dialog"]')) return false;
      const heading = pageHeading(root);
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, main]);
}
