import { useEffect, useId, useState } from 'react';

interface RangeFieldProps {
  label: string;
  value: number | undefined;
  onCommit: (value: number | undefined) => void;
  placeholder?: string;
}

/** A whole-number bound, committed on blur or Enter so the URL is not rewritten on every keystroke. */
export function RangeField({ label, value, onCommit, placeholder }: RangeFieldProps) {
  const id = useId();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  // Follow the URL when it changes elsewhere (a removed chip, back/forward).
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  const commit = () => {
    const digits = text.replace(/\s/g, '');
    const n = /^\d{1,12}$/.test(digits) ? Number(digits) : undefined;
    if (n !== value) onCommit(n);
    if (n === undefined && digits !== '') setText('');
  };
  return (
    <div className="field field--range">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        pattern="[0-9 ]*"
        value={text}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
    </div>
  );
}
