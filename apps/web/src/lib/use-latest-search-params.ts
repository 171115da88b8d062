import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/** Makes the next query string from the latest one (a copy: change it freely). */
export type SearchParamsChange = (latest: URLSearchParams) => URLSearchParams;

/**
 * `useSearchParams`, whose changes build on the query string last asked for. React Router draws a new URL in a
 * transition, and its own `setSearchParams(prev => …)` hands over the query string still drawn; so a second change
 * arriving before the page has drawn the first (a quick second click, a slow phone) undid the first: a filter just
 * removed came back.
 */
export function useLatestSearchParams(): [
  URLSearchParams,
  (change: SearchParamsChange, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const drawn = useRef(params.toString());
  // What the last change asked for, and what was drawn then: once the page draws anything else, that is the latest.
  const asked = useRef<{ drawn: string; next: URLSearchParams } | null>(null);
  useLayoutEffect(() => {
    drawn.current = params.toString();
  }, [params]);
  const set = useRef(setParams);
  useLayoutEffect(() => {
    set.current = setParams;
  }, [setParams]);

  const change = useCallback((make: SearchParamsChange, options?: NavigateOptions) => {
    const pending = asked.current;
    const latest = pending && pending.drawn === drawn.current ? pending.next : new URLSearchParams(drawn.current);
    const next = make(new URLSearchParams(latest));
    asked.current = { drawn: drawn.current, next };
    set.current(next, options);
  }, []);
  return [params, change];
}
