import { useEffect, useRef, useState } from 'react';
import { LIST_DEPTH_MESSAGE, MAX_END, PAGE_SIZE } from '@bilmarknaden/shared/constants';

/** What the announcement needs of a paged list query, whatever its items. */
export interface AnnouncedQuery {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  /** More to list: at the depth limit the announcement invites the user to narrow the search. */
  hasNextPage?: boolean;
  data?: { pages: readonly (readonly unknown[])[] } | undefined;
}

/** Whether the window after `shown` items would pass the list API's depth limit (`end` ≤ MAX_END). */
export const pastDepthLimit = (shown: number) => shown + PAGE_SIZE > MAX_END;

/**
 * The outcome of a loaded list in words: 'Inga resultat' (specification section 2) or how many are shown, and,
 * when there are more than the list may show, the invitation that stands where 'Mer' would.
 */
export function listOutcome(count: number, more = false): string {
  if (count === 0) return 'Inga resultat';
  const shown = count === 1 ? 'Visar 1 annons' : `Visar ${count} annonser`;
  return more && pastDepthLimit(count) ? `${shown}. ${LIST_DEPTH_MESSAGE}` : shown;
}

interface Announcement {
  text: string;
  /** A new number per announcement: the text goes into a new node, so a repeated 'Visar 20 annonser' is read too. */
  id: number;
}

/**
 * The text for a list's live region. A list that settles with another key (new filters, a new term) or another
 * number of pages ('Mer') than it last settled with is announced; the first list of the page is not, a
 * background refetch of the same list is not, and nothing is said while a list loads (no stale count).
 */
export function useListAnnouncement(query: AnnouncedQuery, listKey: string): Announcement {
  const [announcement, setAnnouncement] = useState<Announcement>({ text: '', id: 0 });
  const mountKey = useRef(listKey);
  const settledAs = useRef<{ key: string; pages: number } | null>(null);
  // Another key seen while loading: the list the user left may be the one that settles (back and forth).
  const moved = useRef(false);
  const settled = !query.isPending && !query.isFetching;
  const pages = query.data?.pages.length ?? 0;
  const count = query.data?.pages.reduce((n, page) => n + page.length, 0) ?? 0;
  const failed = query.isError && !query.data;
  const more = query.hasNextPage === true;

  useEffect(() => {
    const last = settledAs.current;
    // Before any list settled, only a key the page did not open with is the user's doing (a first search).
    const keyMoved = listKey !== (last?.key ?? mountKey.current);
    if (!settled) {
      if (keyMoved) moved.current = true;
      setAnnouncement((a) => (a.text ? { text: '', id: a.id } : a));
      return;
    }
    const changed = moved.current || keyMoved || (last !== null && last.pages !== pages);
    moved.current = false;
    settledAs.current = { key: listKey, pages };
    // A failed list says so in its own alert.
    if (!changed || failed) return;
    setAnnouncement((a) => ({ text: listOutcome(count, more), id: a.id + 1 }));
  }, [settled, listKey, pages, count, failed, more]);

  return announcement;
}

interface ListStatusProps {
  query: AnnouncedQuery;
  /** Names the list shown (its filters): another key is another list, announced once it has loaded. */
  listKey: string;
}

/** One polite live region per list: what the user's last change to the list led to, once it has loaded. */
export function ListStatus({ query, listKey }: ListStatusProps) {
  const { text, id } = useListAnnouncement(query, listKey);
  return (
    <p className="visually-hidden" role="status">
      {text && <span key={id}>{text}</span>}
    </p>
  );
}
