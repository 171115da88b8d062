import type { UseQueryResult } from '@tanstack/react-query';
import type { CarCount } from '@bilmarknaden/shared/api-types';
import { formatCarCount } from '../lib/format.ts';

/**
 * '1 234 bilar' above a list, updated with its filters. Not a live region: the list's own status says what a
 * change led to once the cards are there.
 */
export function ResultCount({ query }: { query: Pick<UseQueryResult<CarCount>, 'data'> }) {
  return (
    <p className="result-count" data-testid="result-count">
      {query.data ? formatCarCount(query.data.count, query.data.more) : '\u00a0'}
    </p>
  );
}
