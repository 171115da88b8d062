import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { findKommun, findLan, KOMMUNER_BY_NAME, type Kommun } from '@bilmarknaden/shared/places';
import './place-combobox.css';

interface PlaceComboboxProps {
  label: string;
  /** The chosen kommun's code, or '' for none. */
  value: string;
  onChange: (code: string) => void;
  /** Only the kommuner of this county (a county code), when given. */
  lan?: string;
  name?: string;
  id?: string;
  /** Marks the field as the one the shown error is about, described by `describedBy`. */
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  disabled?: boolean;
}

const MAX_SHOWN = 50;
const fold = (s: string) => s.toLocaleLowerCase('sv-SE').trim();

/** Kommuner whose name starts with the typed text first, then those that hold it; all when nothing is typed. */
export function matchKommuner(text: string, lan?: string): Kommun[] {
  const all = lan ? KOMMUNER_BY_NAME.filter((k) => k.lan === lan) : KOMMUNER_BY_NAME;
  const t = fold(text);
  if (!t) return [...all];
  const starts = all.filter((k) => fold(k.name).startsWith(t));
  const holds = all.filter((k) => !fold(k.name).startsWith(t) && fold(k.name).includes(t));
  return [...starts, ...holds];
}

/**
 * A searchable choice of kommun (the ARIA 1.2 combobox pattern): typing filters the list, the arrow keys move
 * through it, Enter chooses, Escape closes. Leaving the field keeps a typed name that is a kommun's and
 * otherwise shows the chosen one again; an emptied field chooses none.
 */
export function PlaceCombobox({
  label,
  value,
  onChange,
  lan,
  name,
  id,
  invalid,
  describedBy,
  placeholder,
  disabled,
}: PlaceComboboxProps) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const listId = `${autoId}-list`;
  const chosen = findKommun(value);
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const shownText = text ?? chosen?.name ?? '';
  const matches = useMemo(() => matchKommuner(text ?? '', lan), [text, lan]);
  const shown = matches.slice(0, MAX_SHOWN);

  const choose = (k: Kommun | undefined) => {
    onChange(k?.code ?? '');
    setText(null);
    setOpen(false);
    setActive(-1);
  };
  /** What leaving the field means for what was typed. */
  const settle = () => {
    if (text === null) return setOpen(false);
    if (fold(text) === '') return choose(undefined);
    const exact = matches.find((k) => fold(k.name) === fold(text));
    if (exact) return choose(exact);
    setText(null);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : shown.length - 1);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (shown.length === 0 ? -1 : (i + step + shown.length) % shown.length));
    } else if (e.key === 'Enter') {
      if (open && active >= 0 && shown[active]) {
        e.preventDefault();
        choose(shown[active]);
      } else if (open) {
        e.preventDefault();
        settle();
      }
    } else if (e.key === 'Escape') {
      if (open || text !== null) {
        e.preventDefault();
        setText(null);
        setOpen(false);
        setActive(-1);
      }
    }
  };

  const optionId = (k: Kommun) => `${autoId}-opt-${k.code}`;
  const activeOption = open && active >= 0 ? shown[active] : undefined;
  const activeId = activeOption ? optionId(activeOption) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  const status = open
    ? matches.length === 0
      ? 'Ingen kommun matchar'
      : `${matches.length} ${matches.length === 1 ? 'kommun' : 'kommuner'}`
    : '';

  return (
    <div className="field place-combobox">
      <label htmlFor={inputId}>{label}</label>
      <div className="place-combobox__box">
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          placeholder={placeholder}
          disabled={disabled}
          value={shownText}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={(e) => e.target.select()}
          onClick={() => setOpen(true)}
          onBlur={settle}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} role="listbox" aria-label={label} className="place-combobox__list" hidden={!open}>
          {open &&
            shown.map((k, i) => (
              <li
                key={k.code}
                id={optionId(k)}
                role="option"
                aria-selected={k.code === value}
                className={`place-combobox__option${i === active ? ' place-combobox__option--active' : ''}`}
                // Chosen before the input's blur settles what was typed.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(k);
                }}
              >
                {k.name}
                {!lan && <span className="place-combobox__county">{findLan(k.lan)?.shortName}</span>}
              </li>
            ))}
        </ul>
      </div>
      {/* A live region without the status role: the page's own status region stays the only one. */}
      <span className="visually-hidden" aria-live="polite" data-testid="place-count">
        {status}
      </span>
    </div>
  );
}
