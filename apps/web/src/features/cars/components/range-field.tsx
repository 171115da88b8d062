import { useEffect, useId, useState } from 'react';
import {
  rangeOrderMessage,
  readBound,
  type BoundKind,
  type BoundReading,
} from '@bilmarknaden/shared/validation/filter-ranges';

interface RangeFieldProps {
  label: string;
  kind: BoundKind;
  /** Which end of the range this field is; a field without a partner ('Högst miltal') has no order to keep. */
  side: 'from' | 'to';
  /** The partner field's applied bound, which this one must not cross. */
  partner?: number | undefined;
  value: number | undefined;
  onCommit: (value: number | undefined) => void;
  placeholder?: string;
}

function read(kind: BoundKind, side: 'from' | 'to', partner: number | undefined, text: string): BoundReading {
  const bound = readBound(kind, text);
  if (!bound.ok || bound.value === undefined || kind === 'milage') return bound;
  const [from, to] = side === 'from' ? [bound.value, partner] : [partner, bound.value];
  const message = rangeOrderMessage(kind, from, to);
  return message ? { ok: false, message } : bound;
}

/**
 * A whole-number bound, committed on blur or Enter so the URL is not rewritten on every keystroke. A bound it
 * cannot take keeps what was typed, says why next to the field and is not applied until it can be: as soon as
 * the partner bound moves out of its way, or the user corrects it.
 */
export function RangeField({ label, kind, side, partner, value, onCommit, placeholder }: RangeFieldProps) {
  const id = useId();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  // The text last committed and refused; its message shows until a commit or the partner settles it.
  const [refused, setRefused] = useState<string | null>(null);
  // Follow the URL when it changes elsewhere (a removed chip, back/forward).
  useEffect(() => {
    setText(value === undefined ? '' : String(value));
    setRefused(null);
  }, [value]);
  const reading = refused === null ? null : read(kind, side, partner, refused);
  const fits = reading?.ok ?? false;
  const fitting = reading?.ok ? reading.value : undefined;

  // The partner moved (or was removed) so the refused bound now fits: apply what the user typed.
  useEffect(() => {
    if (!fits) return;
    setRefused(null);
    if (fitting !== value) onCommit(fitting);
  }, [fits, fitting, value, onCommit]);

  const commit = () => {
    const r = read(kind, side, partner, text);
    if (!r.ok) return setRefused(text);
    setRefused(null);
    if (r.value !== value) onCommit(r.value);
  };
  const error = reading && !reading.ok ? reading.message : undefined;
  return (
    <div className="field field--range">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={text}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      {error && (
        // An alert: the bound is committed on blur, when the keyboard has already gone on to the next field.
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
