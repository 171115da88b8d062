import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { DEALER_LIMITS, dealerRules, normalizeDealer, type DealerInput } from '@bilmarknaden/shared/validation/dealer';
import { PlaceCombobox } from '../../../components/place-combobox.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useRuleSubmit } from '../../../lib/use-rule-submit.ts';
import type { DealerBody } from '../api/dealer-api.ts';

type TextField = 'orgNumber' | 'name' | 'street' | 'postalCode' | 'city' | 'phone';

const TEXT_FIELDS: { field: TextField; label: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' }[] = [
  { field: 'orgNumber', label: 'Organisationsnummer', inputMode: 'numeric' },
  { field: 'name', label: 'Företagets namn', autoComplete: 'organization' },
  { field: 'street', label: 'Gatuadress', autoComplete: 'street-address' },
  { field: 'postalCode', label: 'Postnummer', autoComplete: 'postal-code', inputMode: 'numeric' },
  { field: 'city', label: 'Postort', autoComplete: 'address-level2' },
  { field: 'phone', label: 'Telefon', autoComplete: 'tel', inputMode: 'tel' },
];

export const EMPTY_DEALER: DealerBody = {
  orgNumber: '',
  name: '',
  street: '',
  postalCode: '',
  city: '',
  kommun: '',
  phone: '',
  openingHours: [{ days: '', hours: '' }],
  presentation: '',
};

interface DealerFormProps {
  initial: DealerBody;
  /** The organisationsnummer cannot change once applied: shown, not editable. */
  orgNumberFixed?: boolean;
  submitLabel: string;
  busyLabel: string;
  failed: string;
  onSubmit: (body: DealerBody) => Promise<void>;
  /** Shown above the button (e.g. 'Sparat'). */
  status?: ReactNode;
}

/**
 * The company's fields, for 'Bli handlare' and 'Mitt företag': the shared rules run before anything is sent, and
 * the message of the field at fault is shown under it (the server's answer too).
 */
export function DealerForm({
  initial,
  orgNumberFixed = false,
  submitLabel,
  busyLabel,
  failed,
  onSubmit,
  status,
}: DealerFormProps) {
  const id = useId();
  const [values, setValues] = useState<DealerBody>(initial);
  const input: DealerInput = normalizeDealer(values as unknown as Record<string, unknown>);
  const form = useRuleSubmit({
    rules: dealerRules,
    input,
    focus: (field) => document.getElementById(`${id}-${field}`)?.focus(),
    failed,
    logLabel: 'Företagets uppgifter kunde inte sparas',
  });
  const { shown, busy } = form;
  const fieldId = (field: string) => `${id}-${field}`;
  const errorId = (field: string) => `${id}-${field}-error`;
  const invalid = (field: string) => shown?.field === field;
  const described = (field: string) =>
    invalid(field) ? { 'aria-invalid': true, 'aria-describedby': errorId(field) } : {};
  const error = (field: string) =>
    invalid(field) && (
      <p id={errorId(field)} className="field__error" role="alert">
        {shown!.message}
      </p>
    );

  const set = (patch: Partial<DealerBody>) => {
    setValues((v) => ({ ...v, ...patch }));
    form.clearServerError();
  };
  const setLine = (index: number, patch: Partial<DealerBody['openingHours'][number]>) =>
    set({ openingHours: values.openingHours.map((l, i) => (i === index ? { ...l, ...patch } : l)) });

  function submit(e: FormEvent) {
    void form.submit(e, async () => onSubmit(values));
  }

  return (
    <form className="form card dealer-form" noValidate onSubmit={submit}>
      {TEXT_FIELDS.map(({ field, label, autoComplete, inputMode }) => (
        <div key={field} className="field">
          <label htmlFor={fieldId(field)}>{label}</label>
          <input
            id={fieldId(field)}
            name={field}
            value={values[field]}
            readOnly={field === 'orgNumber' && orgNumberFixed}
            autoComplete={autoComplete}
            inputMode={inputMode}
            onChange={(e) => set({ [field]: e.target.value })}
            {...described(field)}
          />
          {field === 'orgNumber' && orgNumberFixed && (
            <p className="field__hint">Organisationsnumret kan inte ändras.</p>
          )}
          {error(field)}
        </div>
      ))}
      <div className="field">
        <PlaceCombobox
          id={fieldId('kommun')}
          label="Kommun"
          value={values.kommun}
          onChange={(kommun) => set({ kommun })}
          invalid={invalid('kommun')}
          describedBy={invalid('kommun') ? errorId('kommun') : undefined}
        />
        {error('kommun')}
      </div>
      <fieldset
        className="dealer-form__hours"
        aria-describedby={invalid('openingHours') ? errorId('openingHours') : undefined}
      >
        <legend id={fieldId('openingHours')} tabIndex={-1}>
          Öppettider
        </legend>
        {values.openingHours.map((line, i) => (
          <div key={i} className="dealer-form__hours-line">
            <div className="field">
              <label htmlFor={`${id}-days-${i}`}>Dagar, rad {i + 1}</label>
              <input
                id={`${id}-days-${i}`}
                value={line.days}
                placeholder="Mån–fre"
                onChange={(e) => setLine(i, { days: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-hours-${i}`}>Tider, rad {i + 1}</label>
              <input
                id={`${id}-hours-${i}`}
                value={line.hours}
                placeholder="10–18"
                onChange={(e) => setLine(i, { hours: e.target.value })}
              />
            </div>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => set({ openingHours: values.openingHours.filter((_, j) => j !== i) })}
            >
              Ta bort rad {i + 1}
            </button>
          </div>
        ))}
        {values.openingHours.length < DEALER_LIMITS.openingHoursLines && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => set({ openingHours: [...values.openingHours, { days: '', hours: '' }] })}
          >
            Lägg till rad
          </button>
        )}
        {error('openingHours')}
      </fieldset>
      <div className="field">
        <label htmlFor={fieldId('presentation')}>Presentation</label>
        <textarea
          id={fieldId('presentation')}
          name="presentation"
          rows={5}
          value={values.presentation}
          onChange={(e) => set({ presentation: e.target.value })}
          {...described('presentation')}
        />
        {error('presentation')}
      </div>
      {shown && !shown.field && (
        <p className="alert" role="alert">
          {shown.message}
        </p>
      )}
      {form.retry && (
        <button type="button" className="button button--secondary" onClick={form.retry}>
          Försök igen
        </button>
      )}
      {status}
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy && <Spinner size="small" label={busyLabel} />}
        {submitLabel}
      </button>
    </form>
  );
}

/** The form's values of a stored dealer. */
export const dealerBodyOf = (d: Omit<DealerBody, 'kommun'> & { kommun: string | null }): DealerBody => ({
  orgNumber: d.orgNumber,
  name: d.name,
  street: d.street,
  postalCode: d.postalCode,
  city: d.city,
  kommun: d.kommun ?? '',
  phone: d.phone,
  openingHours: d.openingHours.length > 0 ? d.openingHours : EMPTY_DEALER.openingHours,
  presentation: d.presentation,
});
