import { useId } from 'react';
import type { Option } from '@bilmarknaden/shared/options';

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  /** The empty choice's text, e.g. 'Alla'. */
  placeholder?: string;
  disabled?: boolean;
  name?: string;
  required?: boolean;
  className?: string;
  id?: string;
  /** Marks the field as the one the shown error is about. */
  invalid?: boolean;
  /** The id of the message that says what is wrong (read with the field, as for text fields). */
  describedBy?: string;
}

/** A native select with its visible label (keyboard and screen readers for free). */
export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder = 'Alla',
  disabled,
  name,
  required,
  className,
  id,
  invalid,
  describedBy,
}: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={fieldId}>{label}</label>
      <select
        id={fieldId}
        name={name}
        value={value}
        disabled={disabled}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Server names (makes, models) as options whose value is the name itself. */
export const namesAsOptions = (list: readonly { name: string }[] | undefined): Option[] =>
  (list ?? []).map((m) => ({ value: m.name, label: m.name }));

export const MAKES_FAILED = 'Inga märken kunde laddas in';
