import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { matchName, useCarCount, useInfiniteCars, useMakes, useModels } from '../../../lib/car-queries.ts';
import { CarResults } from '../../../components/car-results.tsx';
import { ResultCount } from '../../../components/result-count.tsx';
import { SearchForm } from '../../../components/search-form.tsx';
import { PageNotice } from '../../../lib/page-notice.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useLatestSearchParams } from '../../../lib/use-latest-search-params.ts';
import { activeChips } from '../utils/chips.ts';
import {
  parseFilters,
  removeChip,
  serializeFilters,
  setDistance,
  setEquipment,
  setSeller,
  setFilter,
  setPlace,
  setRange,
  setSort,
  toListQuery,
  type HomeFilters,
} from '../utils/home-filters.ts';
import { FilterBar } from './filter-bar.tsx';
import { FilterChips } from './filter-chips.tsx';
import '../cars.css';

/** Home: search bar, filters in the query string, chips, the card list and 'Mer'. */
export function HomePage({
  watchButton,
  homeKommun,
}: {
  /** 'Bevaka sökning' (composed by the app). */ watchButton?: ReactNode;
  /** The user's own kommun: prefills the distance filter. */ homeKommun?: string;
} = {}) {
  useDocumentTitle('Begagnade bilar');
  const [params, setParams] = useLatestSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  // Each change applies to the filters last asked for, not only those drawn (useLatestSearchParams).
  const update = useCallback(
    (change: (latest: HomeFilters) => HomeFilters) =>
      setParams((latest) => serializeFilters(change(parseFilters(latest))), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams],
  );
  const listQuery = useMemo(() => toListQuery(filters), [filters]);
  const cars = useInfiniteCars(listQuery);
  const count = useCarCount(listQuery);
  // Chips spell a make and model as the lists do ('Märke: Volvo'), whatever the URL's case.
  const makes = useMakes();
  const make = matchName(makes.data, filters.make);
  const models = useModels(make || undefined);
  const names = { make, model: matchName(models.data, filters.model) };
  const heading = useRef<HTMLHeadingElement>(null);
  const results = useRef<HTMLDivElement>(null);
  // 'Rensa alla filter' also drops a range bound typed but refused (not in the URL, so not in a chip).
  const [draftsKey, setDraftsKey] = useState(0);
  const focusHeading = useCallback(() => heading.current?.focus(), []);

  return (
    <div className="home-page">
      <h1 className="visually-hidden" ref={heading} tabIndex={-1}>
        Begagnade bilar till salu
      </h1>
      <PageNotice />
      <SearchForm clearOnSubmit onSearch={(term) => update((f) => setFilter(f, 'searchterm', term))} />
      <FilterBar
        filters={filters}
        onFilter={(key, value) => update((f) => setFilter(f, key, value))}
        onRange={(key, value) => update((f) => setRange(f, key, value))}
        onPlace={(key, value) => update((f) => setPlace(f, key, value))}
        onSort={({ orderBy, order }) => update((f) => setSort(f, orderBy, order))}
        onEquipment={(codes) => update((f) => setEquipment(f, codes))}
        onDistance={(distance) => update((f) => setDistance(f, distance))}
        homeKommun={homeKommun}
        onSeller={(value) => update((f) => setSeller(f, value))}
        draftsKey={draftsKey}
        count={count.data}
        onShowResults={() => {
          // The filters fold away above: the results' top, not wherever the page now stands, comes into view.
          results.current?.focus({ preventScroll: true });
          results.current?.scrollIntoView?.({ block: 'start' });
        }}
      />
      <FilterChips
        chips={activeChips(filters, names)}
        onRemove={(chip) => update((f) => removeChip(f, chip.key, chip.value))}
        onClearAll={() => {
          setDraftsKey((k) => k + 1);
          update(() => ({}));
        }}
        onEmptied={focusHeading}
      />
      {watchButton}
      <div ref={results} tabIndex={-1} className="results-anchor">
        <ResultCount query={count} />
        <CarResults query={cars} label="Bilannonser" listKey={JSON.stringify(listQuery)} />
      </div>
    </div>
  );
}
