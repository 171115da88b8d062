import { BrowsePage } from '../../features/browse/components/browse-page.tsx';

export default function BrowseRoute() {
  return <BrowsePage />;
}
