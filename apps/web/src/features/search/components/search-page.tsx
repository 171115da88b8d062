import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EQUIPMENT_KEY, equipmentParam, readEquipmentParam } from '@bilmarknaden/shared/equipment';
import { useCarCount, useInfiniteCars } from '../../../lib/car-queries.ts';
import { CarResults } from '../../../components/car-results.tsx';
import { EquipmentChips, EquipmentFilter } from '../../../components/equipment-checkboxes.tsx';
import { ResultCount } from '../../../components/result-count.tsx';
import { SearchForm } from '../../../components/search-form.tsx';
import { DistanceChips, DistanceFilter } from '../../../components/distance-filter.tsx';
import {
  distanceQuery,
  readDistanceParams,
  writeDistanceParams,
  type DistanceParams,
} from '../../../lib/distance-params.ts';
import { DISTANCE_ORDER_BY } from '@bilmarknaden/shared/constants';
import { SellerFilter } from '../../../components/seller-filter.tsx';
import { readSellerParam, SELLER_KEY, type SellerValue } from '@bilmarknaden/shared/filters';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useLatestSearchParams, type SearchParamsChange } from '../../../lib/use-latest-search-params.ts';

/**
 * What the search lists: the term and, when chosen, the equipment (codes joined by commas), the distance and the
 * seller.
 */
export interface SearchQuery {
  searchterm: string;
  equipment?: string;
  near?: string;
  within?: string;
  seller?: SellerValue;
}

/**
 * /search and /search/{term}: a term in the URL runs the search, narrowed by the equipment in `?equipment=`;
 * submitting goes to /search/{term} and keeps the equipment.
 */
export function SearchPage({
  watchButton,
  homeKommun,
}: {
  /** 'Bevaka sökning' for the search (composed by the app). */ watchButton?: (query: SearchQuery) => ReactNode;
  /** The user's own kommun: prefills the distance filter. */ homeKommun?: string;
} = {}) {
  const { term = '' } = useParams();
  const [params, setParams] = useLatestSearchParams();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const searchterm = term.trim();
  const read = readEquipmentParam(params.get(EQUIPMENT_KEY));
  const equipment = 'codes' in read ? read.codes : [];
  const equipmentValue = equipmentParam(equipment);
  const distance = readDistanceParams(params);
  const { near, within } = distanceQuery(distance);
  // 'Privat / Handlare' in `?seller=`; an unknown value is dropped.
  const seller = readSellerParam(params.get(SELLER_KEY)) ?? undefined;
  const query = useMemo<SearchQuery>(
    () => ({
      searchterm,
      ...(equipmentValue ? { equipment: equipmentValue } : {}),
      ...(near ? { near } : {}),
      ...(within ? { within } : {}),
      ...(seller ? { seller } : {}),
    }),
    [searchterm, equipmentValue, near, within, seller],
  );
  useDocumentTitle(searchterm ? `Sökresultat för ${searchterm}` : 'Sök');
  const listQuery = useMemo(
    () => (distance.nearest ? { ...query, orderBy: DISTANCE_ORDER_BY as typeof DISTANCE_ORDER_BY } : query),
    [query, distance.nearest],
  );
  const results = useInfiniteCars(listQuery, searchterm !== '');
  const count = useCarCount(query, searchterm !== '');
  // Each change applies to the query string last asked for, not only the one drawn (useLatestSearchParams).
  const replace = (change: SearchParamsChange) => setParams(change, { replace: true, preventScrollReset: true });
  const setEquipment = (codes: string[]) =>
    replace((next) => {
      const value = equipmentParam(codes);
      if (value) next.set(EQUIPMENT_KEY, value);
      else next.delete(EQUIPMENT_KEY);
      return next;
    });
  const setSeller = (value: SellerValue | undefined) =>
    replace((next) => {
      if (value) next.set(SELLER_KEY, value);
      else next.delete(SELLER_KEY);
      return next;
    });
  const setDistance = (d: DistanceParams) => replace((next) => writeDistanceParams(next, d));
  const focusHeading = useCallback(() => heading.current?.focus(), []);
  return (
    <div className="search-page">
      <h1 ref={heading} tabIndex={-1}>
        {searchterm ? `Sökresultat för "${searchterm}"` : 'Sök bland bilannonser'}
      </h1>
      <SearchForm
        key={searchterm}
        label="Sökord"
        initialValue={searchterm}
        onSearch={(t) => {
          // A new term keeps the filters (equipment, distance, seller).
          const kept = params.toString();
          navigate(`/search/${encodeURIComponent(t)}${kept ? `?${kept}` : ''}`);
        }}
      />
      {searchterm && (
        <>
          <EquipmentFilter value={equipment} onChange={setEquipment} />
          <DistanceFilter value={distance} defaultNear={homeKommun} onChange={setDistance} nearestToggle />
          <SellerFilter value={seller} onChange={setSeller} />
          <EquipmentChips value={equipment} onChange={setEquipment} onEmptied={focusHeading} />
          <DistanceChips value={distance} onChange={setDistance} onEmptied={focusHeading} />
        </>
      )}
      {searchterm && watchButton?.(query)}
      {searchterm && <ResultCount query={count} />}
      <CarResults query={results} label={`Sökresultat för ${searchterm}`} listKey={JSON.stringify(query)} />
    </div>
  );
}
