import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { matchName, useMakes } from '../../../lib/car-queries.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { parseBrowse } from '../utils/browse-filters.ts';
import { FilteredCarList } from './filtered-car-list.tsx';

/** /browse/cars: cars of the URL's make (all by default) with the slide-down filter panel. */
export function BrowsePage({
  homeKommun,
}: { /** The user's own kommun: prefills the distance filter. */ homeKommun?: string } = {}) {
  const [params] = useSearchParams();
  const filter = useMemo(() => parseBrowse(params), [params]);
  const makes = useMakes();
  const makeName = matchName(makes.data, filter.make);
  const heading = makeName ? `${makeName}${filter.model ? ` ${filter.model}` : ''}` : 'Alla bilar';
  useDocumentTitle(heading);
  return <FilteredCarList heading={heading} level={1} panelId="browse-filter-panel" homeKommun={homeKommun} />;
}
