const RELOADED_AT = 'bilmarknaden:chunk-reload';
/** A second failure this soon after the reload is a real fault: shown, not reloaded again. */
const RELOAD_WINDOW_MS = 30_000;

/**
 * A screen's chunk. After a deploy, a tab opened before it asks for scripts of the old build, which are gone:
 * the page is loaded again once (getting the new build) instead of showing the error screen.
 */
export async function loadPage<T>(
  load: () => Promise<T>,
  reload: () => void = () => window.location.reload(),
  now: () => number = Date.now,
): Promise<T> {
  try {
    return await load();
  } catch (err) {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (now() - last < RELOAD_WINDOW_MS) throw err;
    sessionStorage.setItem(RELOADED_AT, String(now()));
    reload();
    // The page is going away; the route never renders.
    return new Promise<T>(() => {});
  }
}
