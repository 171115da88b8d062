import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCarCount, useInfiniteCars } from '../../../lib/car-queries.ts';
import { CarResults } from '../../../components/car-results.tsx';
import { ResultCount } from '../../../components/result-count.tsx';
import { SearchForm } from '../../../components/search-form.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /search and /search/{term}: a term in the URL runs the search; submitting goes to /search/{term}. */
export function SearchPage({
  watchButton,
}: { /** 'Bevaka sökning' for the term (composed by the app). */ watchButton?: (term: string) => ReactNode } = {}) {
  const { term = '' } = useParams();
  const navigate = useNavigate();
  const searchterm = term.trim();
  useDocumentTitle(searchterm ? `Sökresultat för ${searchterm}` : 'Sök');
  const results = useInfiniteCars({ searchterm }, searchterm !== '');
  const count = useCarCount({ searchterm }, searchterm !== '');
  return (
    <div className="search-page">
      <h1>{searchterm ? `Sökresultat för "${searchterm}"` : 'Sök bland bilannonser'}</h1>
      <SearchForm
        key={searchterm}
        label="Sökord"
        initialValue={searchterm}
        onSearch={(t) => navigate(`/search/${encodeURIComponent(t)}`)}
      />
      {searchterm && watchButton?.(searchterm)}
      {searchterm && <ResultCount query={count} />}
      <CarResults query={results} label={`Sökresultat för ${searchterm}`} listKey={searchterm} />
    </div>
  );
}
