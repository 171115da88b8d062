import type { Chip } from '../filters/chips.ts';
import type { HomeFilterKey } from '../filters/home-filters.ts';

interface FilterChipsProps {
  chips: Chip[];
  onRemove: (key: HomeFilterKey) => void;
  onClearAll: () => void;
}

/** The active filters as removable chips. */
export function FilterChips({ chips, onRemove, onClearAll }: FilterChipsProps) {
  if (chips.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label="Aktiva filter">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            className="filter-chip"
            onClick={() => onRemove(chip.key)}
            aria-label={`Ta bort filter ${chip.label}`}
          >
            <span>{chip.label}</span>
            <span aria-hidden="true" className="filter-chip__x">
              ×
            </span>
          </button>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <button type="button" className="button button--ghost filter-chips__clear" onClick={onClearAll}>
            Rensa alla filter
          </button>
        </li>
      )}
    </ul>
  );
}
