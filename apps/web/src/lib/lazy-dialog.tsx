import { lazy, Suspense, useState, type ComponentType } from 'react';
import { loadPage } from './load-page.ts';

/** A trigger's handlers that start fetching a chunk before the click: pointer over it, a touch, or keyboard focus. */
export const preloadOn = (preload: () => void) => ({
  onPointerEnter: preload,
  onFocus: preload,
  onTouchStart: preload,
});

/**
 * A dialog component whose code (Radix and its own) is fetched when it first opens, or earlier through `trigger`,
 * the handlers for the button that opens it (preloadOn).
 */
export type LazyDialog<P> = ComponentType<P> & { trigger: ReturnType<typeof preloadOn> };

/**
 * A dialog of the home or ad page as a chunk of its own: those pages are in the entry chunk, which has a size
 * budget (first page JS ≤ 150 KB gzip), and a dialog is wanted only when pressed. Nothing renders until
 * `isOpen(props)` is first true; from then on the dialog stays mounted, so it closes with its own animation and
 * focus handling. The trigger spreads `trigger` (preloadOn) so the chunk is usually there by the click. A
 * chunk of an old build (after a deploy) reloads the page, as a screen's chunk does (load-page.ts).
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as { open?: boolean }).open === true,
): LazyDialog<P> {
  const Dialog = lazy(async () => ({ default: await loadPage(load) }));
  function Lazy(props: P) {
    const [mounted, setMounted] = useState(false);
    if (!mounted && isOpen(props)) setMounted(true);
    if (!mounted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return Object.assign(Lazy, { trigger: preloadOn(() => void load().catch(() => undefined)) });
}
