import { useId } from 'react';
import { MAX_WATCH_NAME } from '@bilmarknaden/shared/watches';

interface WatchNameFieldProps {
  label: string;
  value: string;
  onChange: (name: string) => void;
  /** The server's or the form's refusal of the name, shown below the field and tied to it. */
  error: string | null;
  autoFocus?: boolean;
}

/** A bevakning's name, as the save dialog and the rename form ask for it. */
export function WatchNameField({ label, value, onChange, error, autoFocus }: WatchNameFieldProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        maxLength={MAX_WATCH_NAME}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
