import { memo, useId, useState } from 'react';
import { EQUIPMENT_GROUPS, EQUIPMENT_LABEL, equipmentLabel, sortEquipment } from '@bilmarknaden/shared/equipment';
import { useFocusAfterRemoval } from '../lib/focus-after-removal.ts';
import './equipment.css';
import './filter-chips.css';

interface EquipmentCheckboxesProps {
  /** The outer fieldset's legend. */
  legend: string;
  value: readonly string[];
  /** The new codes, in the list's order. */
  onChange: (codes: string[]) => void;
  /** The checkboxes' name (the ad form's `equipment`, as the server reads it). */
  name?: string;
  /** A line under the legend. */
  hint?: string;
  disabled?: boolean;
}

/**
 * The fixed equipment list as checkboxes: one fieldset per group (Komfort, Säkerhet, …) inside one for the whole,
 * each box with its own label. The ad forms and every equipment filter use it, so they offer the same items.
 * Memoized: its 41 boxes are not drawn again for every keystroke in the form around it.
 */
export const EquipmentCheckboxes = memo(function EquipmentCheckboxes({
  legend,
  value,
  onChange,
  name,
  hint,
  disabled,
}: EquipmentCheckboxesProps) {
  const ids = useId();
  const checked = new Set(value);
  const toggle = (code: string, on: boolean) =>
    onChange(sortEquipment(on ? [...value, code] : value.filter((c) => c !== code)));
  return (
    <fieldset className="equipment" disabled={disabled} aria-describedby={hint ? `${ids}-hint` : undefined}>
      <legend className="equipment__legend">{legend}</legend>
      {hint && (
        <p id={`${ids}-hint`} className="equipment__hint">
          {hint}
        </p>
      )}
      <div className="equipment__groups">
        {EQUIPMENT_GROUPS.map((group) => (
          <fieldset key={group.code} className="equipment__group">
            <legend>{group.label}</legend>
            <ul>
              {group.items.map((item) => {
                const id = `${ids}-${item.code}`;
                return (
                  <li key={item.code}>
                    <input
                      id={id}
                      type="checkbox"
                      name={name}
                      value={item.code}
                      checked={checked.has(item.code)}
                      onChange={(e) => toggle(item.code, e.target.checked)}
                    />
                    <label htmlFor={id}>{item.label}</label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
});

/**
 * 'Utrustning' in a filter bar: a button that shows how many items are chosen and opens the checkboxes; each
 * change applies at once, as the other filters do.
 */
export function EquipmentFilter({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (codes: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  // The URL that holds the value changes in a transition: until it has, the box shows the click (a controlled box
  // would otherwise spring back for a moment). A new value from outside replaces what was clicked.
  const key = value.join(',');
  const [clicked, setClicked] = useState<{ key: string; codes: readonly string[] } | null>(null);
  // Once the value has moved on, the click is forgotten: a later value equal to the old one shows as it is.
  if (clicked !== null && clicked.key !== key) setClicked(null);
  const shown = clicked?.key === key ? clicked.codes : value;
  const change = (codes: string[]) => {
    setClicked({ key, codes });
    onChange(codes);
  };
  return (
    <div className="equipment-filter">
      <button
        type="button"
        className="button button--secondary equipment-filter__toggle"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
      >
        {shown.length === 0
          ? EQUIPMENT_LABEL
          : `${EQUIPMENT_LABEL} (${shown.length} ${shown.length === 1 ? 'vald' : 'valda'})`}
      </button>
      {open && (
        <div id={panel} className="equipment-filter__panel">
          <EquipmentCheckboxes
            legend="Bilen ska ha"
            hint="Bara bilar med allt du väljer visas."
            value={shown}
            onChange={change}
          />
        </div>
      )}
    </div>
  );
}

/**
 * The chosen equipment as removable chips ('Utrustning: Dragkrok'), for the pages whose other filters have none
 * (search and browse). A removed chip's button goes with it: the keyboard moves to the one that took its place.
 */
export function EquipmentChips({
  value,
  onChange,
  onEmptied,
}: {
  value: readonly string[];
  onChange: (codes: string[]) => void;
  /** Where the keyboard goes when the last chip is removed. */
  onEmptied: () => void;
}) {
  const focus = useFocusAfterRemoval<HTMLUListElement>('.filter-chip', value, onEmptied);
  if (value.length === 0) return null;
  return (
    <ul ref={focus.container} className="filter-chips" aria-label="Aktiva filter">
      {value.map((code, i) => {
        const label = `${EQUIPMENT_LABEL}: ${equipmentLabel(code)}`;
        return (
          <li key={code}>
            <button
              type="button"
              className="filter-chip"
              aria-label={`Ta bort filter ${label}`}
              onClick={() => {
                focus.removing(i);
                onChange(value.filter((c) => c !== code));
              }}
            >
              <span>{label}</span>
              <span aria-hidden="true" className="filter-chip__x">
                ×
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
