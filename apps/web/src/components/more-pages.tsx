import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { QueryError } from '../lib/query-error.tsx';
import { Spinner } from '../lib/spinner.tsx';

interface MorePagesProps {
  /** The paged list's query. */
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'>;
  /** The button, e.g. 'Visa fler'. */
  label: string;
  className: string;
  /** What failed when the next page could not be fetched, offered again with 'Försök igen'. */
  failed: string;
}

/** The button that fetches a paged list's next page (busy while it loads), and the failure with a retry. */
export function MorePages({ query, label, className, failed }: MorePagesProps) {
  const more = () => void query.fetchNextPage();
  return (
    <>
      {query.hasNextPage && (
        <button
          type="button"
          className={className}
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
          onClick={more}
        >
          {query.isFetchingNextPage && <Spinner size="small" label="Laddar..." />}
          {label}
        </button>
      )}
      {query.isFetchNextPageError && <QueryError message={failed} onRetry={more} />}
    </>
  );
}
