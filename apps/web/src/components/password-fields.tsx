import type { ChangeEvent } from 'react';

export interface PasswordFieldSpec<F extends string> {
  field: F;
  label: string;
  autoComplete: 'current-password' | 'new-password';
}

/**
 * A form's password inputs with their labels, and its one message below them (the last failing rule or the
 * server's answer): the field at fault is marked invalid and described by the message. The change-password form,
 * 'Välj nytt lösenord' and the account closure's dialog.
 */
export function PasswordFields<F extends string>({
  id,
  fields,
  values,
  change,
  shown,
  inputRef,
}: {
  /** The form's useId(): inputs are `${id}-${field}`, the message `${id}-alert`. */
  id: string;
  fields: readonly PasswordFieldSpec<F>[];
  values: Record<F, string>;
  change: (field: F) => (e: ChangeEvent<HTMLInputElement>) => void;
  shown: { field: string; message: string } | null;
  inputRef: (field: F, el: HTMLInputElement | null) => void;
}) {
  return (
    <>
      {fields.map(({ field, label, autoComplete }) => {
        const invalid = shown?.field === field;
        return (
          <div key={field} className="field">
            <label htmlFor={`${id}-${field}`}>{label}</label>
            <input
              ref={(el) => inputRef(field, el)}
              id={`${id}-${field}`}
              name={field}
              type="password"
              autoComplete={autoComplete}
              required
              value={values[field]}
              onChange={change(field)}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? `${id}-alert` : undefined}
            />
          </div>
        );
      })}
      {shown && (
        <p id={`${id}-alert`} className="alert" role="alert">
          {shown.message}
        </p>
      )}
    </>
  );
}
