import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { kommunNamed } from '@bilmarknaden/shared/places';
import { watchQueryFrom } from '@bilmarknaden/shared/watches';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user.ts';
import { HomePage } from '../../features/cars/components/home-page.tsx';
import { WatchSearchButton } from '../../features/watches/components/watch-search-button.tsx';

/**
 * Home with 'Bevaka sökning' for the filters and term in its query string, and the distance filter prefilled with
 * the kommun of the user's registered city.
 */
export function HomeRoute() {
  const [params] = useSearchParams();
  const query = useMemo(() => watchQueryFrom(Object.fromEntries(params)), [params]);
  const city = useCurrentUser().data?.city;
  const homeKommun = city ? kommunNamed(city)?.code : undefined;
  return <HomePage watchButton={<WatchSearchButton query={query} />} homeKommun={homeKommun} />;
}
