import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { EQUIPMENT_KEY, equipmentParam, readEquipmentParam } from '@bilmarknaden/shared/equipment';
import { useCarCount, useInfiniteCars } from '../../../lib/car-queries.ts';
import { CarResults } from '../../../components/car-results.tsx';
import { EquipmentChips, EquipmentFilter } from '../../../components/equipment-checkboxes.tsx';
import { ResultCount } from '../../../components/result-count.tsx';
import { SearchForm } from '../../../components/search-form.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** What the search lists: the term and, when chosen, the equipment (codes joined by commas). */
export interface SearchQuery {
  searchterm: string;
  equipment?: string;
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
  const query = useMemo<SearchQuery>(
    () => (equipmentValue ? { searchterm, equipment: equipmentValue } : { searchterm }),
    [searchterm, equipmentValue],
  );
  useDocumentTitle(searchterm ? `Sökresultat för ${searchterm}` : 'Sök');
  const results = useInfiniteCars(query, searchterm !== '');
  const count = useCarCount(query, searchterm !== '');
  const setEquipment = (codes: string[]) => {
    const value = equipmentParam(codes);
    setParams(value ? { [EQUIPMENT_KEY]: value } : {}, { replace: true, preventScrollReset: true });
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
        onSearch={(t) =>
          navigate(`/search/${encodeURIComponent(t)}${equipmentValue ? `?${EQUIPMENT_KEY}=${equipmentValue}` : ''}`)
        }
      />
      {searchterm && (
        <>
          <EquipmentFilter value={equipment} onChange={setEquipment} />
          <EquipmentChips value={equipment} onChange={setEquipment} onEmptied={focusHeading} />
        </>
      )}
      {searchterm && watchButton?.(query)}
      {searchterm && <ResultCount query={count} />}
      <CarResults query={results} label={`Sökresultat för ${searchterm}`} listKey={JSON.stringify(query)} />
    </div>
  );
}
