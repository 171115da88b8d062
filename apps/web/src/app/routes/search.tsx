import { kommunNamed } from '@bilmarknaden/shared/places';
import { SearchPage } from '../../features/search/components/search-page.tsx';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user.ts';
import { WatchSearchButton } from '../../features/watches/components/watch-search-button.tsx';

/** The search page with 'Bevaka sökning' for its term, equipment and distance; the user's kommun prefills it. */
export default function SearchRoute() {
  const city = useCurrentUser().data?.city;
  return (
    <SearchPage
      watchButton={(query) => <WatchSearchButton query={query} />}
      homeKommun={city ? kommunNamed(city)?.code : undefined}
    />
  );
}
