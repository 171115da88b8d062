import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { watchQueryFrom } from '@bilmarknaden/shared/watches';
import { HomePage } from '../../features/cars/components/home-page.tsx';
import { WatchSearchButton } from '../../features/watches/components/watch-search-button.tsx';

/** Home with 'Bevaka sökning' for the filters and term in its query string. */
export function HomeRoute() {
  const [params] = useSearchParams();
  const query = useMemo(() => watchQueryFrom(Object.fromEntries(params)), [params]);
  return <HomePage watchButton={<WatchSearchButton query={query} />} />;
}
