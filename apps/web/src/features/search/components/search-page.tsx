import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { EQUIPMENT_KEY, equipmentParam, readEquipmentParam } from '@bilmarknaden/shared/equipment';
import { useCarCount, useInfiniteCars } from '../../../lib/car-queries.ts';
import { CarResults } from '../../../components/car-results.tsx';
import { EquipmentChips, EquipmentFilter } from '../../../components/equipment-checkboxes.tsx';
import { ResultCount } from '../../../components/result-count.tsx';
import { SearchForm } from '../../../components/search-form.tsx';
import { SellerFilter } from '../../../components/seller-filter.tsx';
import { readSellerParam, SELLER_KEY, type SellerValue } from '@bilmarknaden/shared/filters';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** What the search lists: the term and, when chosen, the equipment (codes joined by commas) and the seller. */
export interface SearchQuery {
  searchterm: string;
  equipment?: string;
  seller?: SellerValue;
}

/**
 * /search and /search/{term}: a term in the URL runs the search, narrowed by the equipment in `?equipment=`;
 * submitting goes to /search/{term} and keeps the equipment.
 */
export function SearchPage({
  watchButton,
}: {
  /** 'Bevaka sökning' for the search (composed by the app). */ watchButton?: (query: SearchQuery) => ReactNode;
} = {}) {
  const { term = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const searchterm = term.trim();
  const read = readEquipmentParam(params.get(EQUIPMENT_KEY));
  const equipment = 'codes' in read ? read.codes : [];
  const equipmentValue = equipmentParam(equipment);
  // 'Privat / Handlare' in `?seller=`; an unknown value is dropped.
  const seller = readSellerParam(params.get(SELLER_KEY)) ?? undefined;
  const query = useMemo<SearchQuery>(
    () => ({
      searchterm,
      ...(equipmentValue ? { equipment: equipmentValue } : {}),
      ...(seller ? { seller } : {}),
    }),
    [searchterm, equipmentValue, seller],
  );
  /** The URL's filters with one changed: the equipment's codes and the seller. */
  const filterParams = (next: { equipment?: string; seller?: SellerValue }) => {
    const out: Record<string, string> = {};
    if (next.equipment) out[EQUIPMENT_KEY] = next.equipment;
    if (next.seller) out[SELLER_KEY] = next.seller;
    return out;
  };
  useDocumentTitle(searchterm ? `Sökresultat för ${searchterm}` : 'Sök');
  const results = useInfiniteCars(query, searchterm !== '');
  const count = useCarCount(query, searchterm !== '');
  const setEquipment = (codes: string[]) => {
    setParams(filterParams({ equipment: equipmentParam(codes), seller }), { replace: true, preventScrollReset: true });
  };
  const setSeller = (value: SellerValue | undefined) => {
    setParams(filterParams({ equipment: equipmentValue, seller: value }), { replace: true, preventScrollReset: true });
  };
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
          const kept = new URLSearchParams(filterParams({ equipment: equipmentValue, seller })).toString();
          navigate(`/search/${encodeURIComponent(t)}${kept ? `?${kept}` : ''}`);
        }}
      />
      {searchterm && (
        <>
          <EquipmentFilter value={equipment} onChange={setEquipment} />
          <SellerFilter value={seller} onChange={setSeller} />
          <EquipmentChips value={equipment} onChange={setEquipment} onEmptied={focusHeading} />
        </>
      )}
      {searchterm && watchButton?.(query)}
      {searchterm && <ResultCount query={count} />}
      <CarResults query={results} label={`Sökresultat för ${searchterm}`} listKey={JSON.stringify(query)} />
    </div>
  );
}
