import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { LIST_DEPTH_MESSAGE } from '@bilmarknaden/shared/constants';
import { ApiRequestError } from '../lib/api-client.ts';
import { QueryError } from '../lib/query-error.tsx';
import { Spinner } from '../lib/spinner.tsx';
import { useCardAction } from './card-action.tsx';
import { CarCard } from './car-card.tsx';
import { ListStatus, pastDepthLimit } from './list-status.tsx';

/** The list's place in the page, the target of the layout's 'Hoppa till annonserna'. */
export const RESULTS_ID = 'annonser';

/** How many cards at the top load their photo eagerly (above the fold on most screens). */
const EAGER_CARDS = 4;

type CarsQuery = UseInfiniteQueryResult<InfiniteData<CarListItem[]>>;

interface CarResultsProps {
  query: CarsQuery;
  /** Accessible name of the list. */
  label: string;
  /** Names the list shown (its filters): a change is announced once the new list has loaded. */
  listKey: string;
}

/**
 * A paged list of car cards: loading, failure with retry, 'Inga resultat', and 'Mer' for the next 20 (at the depth
 * limit an invitation to narrow the search instead); its live region, always there, tells a screen reader what a
 * change of the list led to.
 */
export function CarResults({ query, label, listKey }: CarResultsProps) {
  return (
    <div id={RESULTS_ID} tabIndex={-1} className="car-results">
      <ListStatus query={query} listKey={listKey} />
      <CarList query={query} label={label} />
    </div>
  );
}

function CarList({ query, label }: { query: CarsQuery; label: string }) {
  const action = useCardAction();
  // A list not asked for yet (a search without a term) shows nothing.
  if (query.isPending && query.fetchStatus === 'idle') return null;
  if (query.isPending) return <Spinner />;
  // A refused request (a search term too long in a typed URL) fails the same way again: its message, no retry.
  if (query.isError && !query.data)
    return query.error instanceof ApiRequestError && query.error.status === 400 ? (
      <QueryError message={query.error.message} />
    ) : (
      <QueryError onRetry={() => void query.refetch()} />
    );
  const cars = query.data?.pages.flat() ?? [];
  if (cars.length === 0) return <p className="empty-result">Inga resultat</p>;
  return (
    <>
      <ul className="car-list" aria-label={label}>
        {cars.map((car, i) => (
          <li key={car.id}>
            <CarCard car={car} eager={i < EAGER_CARDS} action={action?.(car)} />
          </li>
        ))}
      </ul>
      <MoreRow query={query} shown={cars.length} />
    </>
  );
}

/** What 'Mer' needs of a paged query, whatever its items. */
type PagedQuery = Pick<
  UseInfiniteQueryResult,
  'hasNextPage' | 'isFetchNextPageError' | 'isFetchingNextPage' | 'fetchNextPage'
>;

/**
 * Under a paged list: a failed next page with retry, and 'Mer' while there are more; with `shown` (the items
 * listed), where the next window would pass the depth limit, the invitation to narrow the search instead.
 */
export function MoreRow({ query, shown }: { query: PagedQuery; shown?: number }) {
  if (query.hasNextPage && shown !== undefined && pastDepthLimit(shown))
    return <p className="more-row">{LIST_DEPTH_MESSAGE}</p>;
  return (
    <>
      {query.isFetchNextPageError && <QueryError onRetry={() => void query.fetchNextPage()} />}
      {query.hasNextPage && (
        <div className="more-row">
          <button
            type="button"
            className="button more-button"
            // aria-disabled, not disabled: a disabled button drops the keyboard focus to the page's body.
            onClick={() => void (query.isFetchingNextPage || query.fetchNextPage())}
            aria-disabled={query.isFetchingNextPage || undefined}
            aria-busy={query.isFetchingNextPage}
          >
            Mer
          </button>
          {query.isFetchingNextPage && <Spinner size="small" />}
        </div>
      )}
    </>
  );
}
