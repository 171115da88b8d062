import { useId, useState } from 'react';
import { DISTANCE_LABEL, DISTANCE_RADII, distanceChip, readDistanceFilter } from '@bilmarknaden/shared/distance';
import type { DistanceParams } from '../lib/distance-params.ts';
import { useFocusAfterRemoval } from '../lib/focus-after-removal.ts';
import { PlaceCombobox } from './place-combobox.tsx';
import './distance-filter.css';

/** The distance filter as the URL holds it: a kommun code and a radius ('' for none), and the sort 'Närmast'. */
export type DistanceValue = DistanceParams;

const NO_DISTANCE: DistanceValue = { near: '', within: '', nearest: false };

const RADIUS_OPTIONS = DISTANCE_RADII.map((r) => ({ value: String(r), label: `Inom ${r} km` }));

/**
 * 'Avstånd' (issue 44): a kommun to measure from, prefilled with the user's own (`defaultNear`) until one is chosen,
 * and 'Inom 10 / 25 / 50 / 100 / 200 km'; with `nearestToggle` also 'Närmast först' (pages without a sort menu).
 * Choosing a radius or 'Närmast' without a kommun says so (the shared rule) and changes nothing; emptying the kommun
 * clears the whole filter.
 */
export function DistanceFilter({
  value,
  defaultNear = '',
  onChange,
  nearestToggle = false,
}: {
  value: DistanceValue;
  defaultNear?: string;
  onChange: (value: DistanceValue) => void;
  nearestToggle?: boolean;
}) {
  const ids = useId();
  // The URL that holds the value changes in a transition: until it has, the fields show the change (controlled
  // fields would otherwise spring back for a moment). A new value from outside replaces it.
  const key = `${value.near}|${value.within}|${value.nearest}`;
  const [applied, setApplied] = useState<{ key: string; value: DistanceValue } | null>(null);
  if (applied !== null && applied.key !== key) setApplied(null);
  const shown = applied?.key === key ? applied.value : value;
  // The kommun shown: the URL's, else the one typed here, else the user's own.
  const [chosen, setChosen] = useState<string | null>(null);
  const near = shown.near || (chosen ?? defaultNear);
  const [message, setMessage] = useState<string | null>(null);
  const apply = (next: DistanceValue) => {
    const read = readDistanceFilter({ near: next.near, within: next.within, nearest: next.nearest });
    if (!read.ok) {
      setMessage(read.message);
      return;
    }
    setMessage(null);
    setApplied({ key, value: next });
    onChange(next);
  };
  const errorId = `${ids}-error`;
  return (
    <fieldset className="distance-filter">
      {/* The group's name for screen readers; on screen its fields' labels say it. */}
      <legend className="visually-hidden">{DISTANCE_LABEL}</legend>
      <PlaceCombobox
        label="Från kommun"
        placeholder="Välj kommun"
        value={near}
        invalid={message !== null}
        describedBy={message ? errorId : undefined}
        onChange={(code) => {
          setChosen(code);
          if (code === '') {
            setMessage(null);
            if (shown.near) apply(NO_DISTANCE);
          } else apply({ ...shown, near: code });
        }}
      />
      <div className="field">
        <label htmlFor={`${ids}-within`}>Avstånd</label>
        <select
          id={`${ids}-within`}
          value={shown.within}
          onChange={(e) => apply({ ...shown, near, within: e.target.value })}
        >
          <option value="">Alla avstånd</option>
          {RADIUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {nearestToggle && (
        <div className="distance-filter__nearest">
          <input
            id={`${ids}-nearest`}
            type="checkbox"
            checked={shown.nearest}
            onChange={(e) => apply({ ...shown, near, nearest: e.target.checked })}
          />
          <label htmlFor={`${ids}-nearest`}>Närmast först</label>
        </div>
      )}
      {message && (
        <p id={errorId} className="field__error distance-filter__error" role="alert">
          {message}
        </p>
      )}
      {/* How it is measured, and the credit the points' licence (CC BY 4.0) asks for (decision 058). */}
      <p className="distance-filter__note">
        Fågelvägen mellan kommunernas centralorter. Kartdata:{' '}
        <a href="https://www.geonames.org/" rel="noopener noreferrer" target="_blank">
          GeoNames
        </a>{' '}
        (CC BY 4.0).
      </p>
    </fieldset>
  );
}

/**
 * The distance filter as removable chips ('Inom 25 km från Solna', 'Närmast först'), for the pages whose other
 * filters have none (search and browse). Removing the place removes the sort by it too.
 */
export function DistanceChips({
  value,
  onChange,
  onEmptied,
}: {
  value: DistanceValue;
  onChange: (value: DistanceValue) => void;
  /** Where the keyboard goes when the last chip is removed. */
  onEmptied: () => void;
}) {
  const place = distanceChip(value.near, value.within);
  const chips = [
    ...(place ? [{ label: place, next: NO_DISTANCE }] : []),
    ...(place && value.nearest ? [{ label: 'Sortering: Närmast', next: { ...value, nearest: false } }] : []),
  ];
  const focus = useFocusAfterRemoval<HTMLUListElement>('.filter-chip', chips.map((c) => c.label).join('|'), onEmptied);
  if (chips.length === 0) return null;
  return (
    <ul ref={focus.container} className="filter-chips" aria-label="Aktiva avståndsfilter">
      {chips.map((chip, i) => (
        <li key={chip.label}>
          <button
            type="button"
            className="filter-chip"
            aria-label={`Ta bort filter ${chip.label}`}
            onClick={() => {
              focus.removing(i);
              onChange(chip.next);
            }}
          >
            <span>{chip.label}</span>
            <span aria-hidden="true" className="filter-chip__x">
              ×
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
