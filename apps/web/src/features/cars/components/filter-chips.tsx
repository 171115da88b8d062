import { useFocusAfterRemoval } from '../../../lib/focus-after-removal.ts';
import type { Chip } from '../utils/chips.ts';
import '../../../components/filter-chips.css';

interface FilterChipsProps {
  chips: Chip[];
  onRemove: (chip: Chip) => void;
  onClearAll: () => void;
  /** Where the keyboard goes when the last chip is removed (the chips' list is gone then). */
  onEmptied: () => void;
}

/**
 * The active filters as removable chips. A removed chip's button goes with it: the keyboard moves to the chip
 * that took its place (or the one before), and to `onEmptied` when none is left.
 */
export function FilterChips({ chips, onRemove, onClearAll, onEmptied }: FilterChipsProps) {
  const focus = useFocusAfterRemoval<HTMLUListElement>('.filter-chip', chips, onEmptied);

  if (chips.length === 0) return null;
  return (
    <ul ref={focus.container} className="filter-chips" aria-label="Aktiva filter">
      {chips.map((chip, i) => (
        <li key={`${chip.key}:${chip.value ?? ''}`}>
          <button
            type="button"
            className="filter-chip"
            onClick={() => {
              focus.removing(i);
              onRemove(chip);
            }}
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
          <button
            type="button"
            className="button button--ghost filter-chips__clear"
            onClick={() => {
              focus.removing(0);
              onClearAll();
            }}
          >
            Rensa alla filter
          </button>
        </li>
      )}
    </ul>
  );
}
