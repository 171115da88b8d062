import { useId, useState, type FormEvent } from 'react';
import { MAX_SEARCH_LENGTH } from '@bilmarknaden/shared/constants';
import { SearchIcon } from '../lib/icons.tsx';

interface SearchFormProps {
  onSearch: (term: string) => void;
  /** Home clears the box after submitting; the search page keeps the term to refine it. */
  clearOnSubmit?: boolean;
  initialValue?: string;
  label?: string;
  className?: string;
}

/** A search box ('Sök...') with the search icon as its submit button (global .search-box styles). */
export function SearchForm({
  onSearch,
  clearOnSubmit = false,
  initialValue = '',
  label = 'Sök bland annonserna',
  className,
}: SearchFormProps) {
  const [value, setValue] = useState(initialValue);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const term = value.trim();
    if (!term) return;
    onSearch(term);
    if (clearOnSubmit) setValue('');
  };
  return (
    <form role="search" className={`search-box ${className ?? ''}`} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        placeholder="Sök..."
        maxLength={MAX_SEARCH_LENGTH}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        enterKeyHint="search"
        autoComplete="off"
      />
      <button type="submit" className="icon-button" aria-label="Sök">
        <SearchIcon />
      </button>
    </form>
  );
}
