import { SearchPage } from '../../features/search/components/search-page.tsx';

export default function SearchRoute() {
  return <SearchPage />;
}
