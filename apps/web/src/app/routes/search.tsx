import { SearchPage } from '../../features/search/components/search-page.tsx';
import { WatchSearchButton } from '../../features/watches/components/watch-search-button.tsx';

/** The search page with 'Bevaka sökning' for its term and equipment. */
export default function SearchRoute() {
  return <SearchPage watchButton={(query) => <WatchSearchButton query={query} />} />;
}
