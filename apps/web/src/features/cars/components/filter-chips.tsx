import { useEffect, useRef } from 'react';
import type { Chip } from '../filters/chips.ts';
import type { HomeFilterKey } from '../filters/home-filters.ts';

interface FilterChipsProps {
  chips: Chip[];
  onRemove: (key: HomeFilterKey) => void;
  onClearAll: () => void;
  /** Where the keyboard goes when the last chip is removed (the chips' list is gone then). */
  onEmptied: () => void;
}

/**
 * The active filters as removable chips. A removed chip's button goes with it: the keyboard moves to the chip
 * that took its place (or the one before), and to `onEmptied` when none is left.
 */
export function FilterChips({ chips, onRemove, onClearAll, onEmptied }: FilterChipsProps) {
  const list = useRef<HTMLUListElement>(null);
  const removedAt = useRef<number | null>(null);
  useEffect(() => {
    const at = removedAt.current;
    if (at === null) return;
    removedAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('.filter-chip') ?? [];
    if (buttons.length > 0) buttons[Math.min(at, buttons.length - 1)]!.focus();
    else onEmptied();
  }, [chips, onEmptied]);

  if (chips.length === 0) return null;
  return (
    <ul ref={list} className="filter-chips" aria-label="Aktiva filter">
      {chips.map((chip, i) => (
        <li key={chip.key}>
          <button
            type="button"
            className="filter-chip"
            onClick={() => {
              removedAt.current = i;
              onRemove(chip.key);
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
              removedAt.current = 0;
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
