import { useId, useRef, useState, type InputHTMLAttributes } from 'react';
import type { ContractDraft, ContractView } from '@bilmarknaden/shared/schemas/contract-schemas';
import { AS_IS_CLAUSE, AS_IS_EXPLANATION, shownRegistrationNumber } from '@bilmarknaden/shared/contract-text';
import {
  CASH_WARNING,
  cashWarned,
  contractRules,
  normalizeContractTerms,
  PAYMENT_LABELS,
  PAYMENT_METHODS,
  swedishDay,
  type ContractRuleInput,
  type ContractTermsInput,
} from '@bilmarknaden/shared/validation/contract';
import { useRuleSubmit } from '../../../lib/use-rule-submit.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useSaveContract } from '../api/contract-api.ts';

type Start = Pick<ContractDraft, 'car' | 'seller' | 'buyer'> & { terms: Partial<ContractView['terms']> };

const asText = (value: number | undefined) => (value === undefined ? '' : String(value));

/** 'Skapa köpekontrakt' and its changes: the seller fills in the terms; the car and the parties are given. */
export function ContractForm({
  conversationId,
  start,
  changing,
  onDone,
}: {
  conversationId: number;
  start: Start;
  /** A change of an existing contract (it clears the signatures). */
  changing: boolean;
  onDone: () => void;
}) {
  const id = useId();
  const t = start.terms;
  const [values, setValues] = useState<ContractTermsInput>({
    price: asText(t.price),
    milage: asText(t.milage),
    handoverDate: t.handoverDate ?? '',
    handoverPlace: t.handoverPlace ?? '',
    payment: t.payment ?? '',
    knownDefects: t.knownDefects ?? '',
    noKnownDefects: t.noKnownDefects ?? false,
    serviceHistory: t.serviceHistory ?? '',
    keys: asText(t.keys ?? 2),
  });
  const form = useRef<HTMLFormElement>(null);
  const input: ContractRuleInput = {
    ...normalizeContractTerms(values as unknown as Record<string, unknown>),
    noKnownDefects: values.noKnownDefects,
    today: swedishDay(),
  };
  const save = useSaveContract(conversationId);
  const submit = useRuleSubmit({
    rules: contractRules,
    input,
    focus: (field) => form.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus(),
    failed: 'Kontraktet kunde inte sparas. Försök igen.',
    logLabel: 'contract save failed',
  });
  const errorOf = (field: string) =>
    submit.failures.find((f) => f.field === field) ?? (submit.serverError?.field === field ? submit.serverError : null);
  const set = <K extends keyof ContractTermsInput>(key: K, value: ContractTermsInput[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    submit.clearServerError();
  };
  const fieldProps = (name: keyof ContractTermsInput) => {
    const error = errorOf(name);
    return {
      id: `${id}-${name}`,
      name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
    };
  };
  const fieldError = (name: keyof ContractTermsInput) => {
    const error = errorOf(name);
    return error ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {error.message}
      </p>
    ) : null;
  };
  type TextName = Exclude<keyof ContractTermsInput, 'noKnownDefects'>;
  /** One labelled input with its error: the form's fields differ only in name, label and input kind. */
  const textField = (name: TextName, label: string, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className={`field${name === 'keys' ? ' contract-form__keys' : ''}`}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input {...fieldProps(name)} {...extra} value={values[name]} onChange={(e) => set(name, e.target.value)} />
      {fieldError(name)}
    </div>
  );
  const { car } = start;
  const other =
    submit.shown &&
    !['price', 'milage', 'handoverDate', 'handoverPlace', 'payment', 'knownDefects', 'serviceHistory', 'keys'].includes(
      submit.shown.field,
    );

  return (
    <form
      ref={form}
      className="contract-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(e) =>
        void submit.submit(e, async () => {
          const { today: _today, ...terms } = input;
          await save.mutateAsync(terms);
          onDone();
        })
      }
    >
      <h3 id={`${id}-title`}>{changing ? 'Ändra köpekontraktet' : 'Skapa köpekontrakt'}</h3>
      {changing && (
        <p className="notice" role="note">
          Om du ändrar kontraktet tas båda signaturerna bort, och köparen får läsa och signera igen.
        </p>
      )}
      <dl className="contract-facts">
        <div>
          <dt>Registreringsnummer</dt>
          <dd>{shownRegistrationNumber(car.registrationNumber)}</dd>
        </div>
        <div>
          <dt>Bil</dt>
          <dd>
            {car.make} {car.model}, årsmodell {car.year}
          </dd>
        </div>
        <div>
          <dt>Säljare</dt>
          <dd>{start.seller.name}</dd>
        </div>
        <div>
          <dt>Köpare</dt>
          <dd>{start.buyer.name}</dd>
        </div>
      </dl>
      <div className="contract-form__grid">
        {textField('price', 'Pris (kr)', { inputMode: 'numeric' })}
        {textField('milage', 'Mätarställning (mil)', { inputMode: 'numeric' })}
        {textField('handoverDate', 'Datum för tillträde', { type: 'date', min: swedishDay() })}
        {textField('handoverPlace', 'Plats för tillträde')}
      </div>
      <fieldset
        className="field contract-form__payment"
        aria-describedby={errorOf('payment') ? `${id}-payment-error` : undefined}
      >
        <legend>Betalningssätt</legend>
        {PAYMENT_METHODS.map((method) => (
          <label key={method} className="contract-form__choice">
            <input
              type="radio"
              name="payment"
              value={method}
              checked={values.payment === method}
              onChange={() => set('payment', method)}
            />{' '}
            {PAYMENT_LABELS[method]}
          </label>
        ))}
        {fieldError('payment')}
      </fieldset>
      {cashWarned(values.payment, values.price) && (
        <p className="alert" role="note">
          {CASH_WARNING}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-knownDefects`}>Kända fel och brister</label>
        <textarea
          {...fieldProps('knownDefects')}
          rows={3}
          disabled={values.noKnownDefects}
          value={values.noKnownDefects ? '' : values.knownDefects}
          onChange={(e) => set('knownDefects', e.target.value)}
        />
        {fieldError('knownDefects')}
        <label className="contract-form__choice">
          <input
            type="checkbox"
            checked={values.noKnownDefects}
            onChange={(e) => set('noKnownDefects', e.target.checked)}
          />{' '}
          Inga kända fel
        </label>
      </div>
      <div className="field">
        <label htmlFor={`${id}-serviceHistory`}>Servicehistorik</label>
        <textarea
          {...fieldProps('serviceHistory')}
          rows={2}
          value={values.serviceHistory}
          onChange={(e) => set('serviceHistory', e.target.value)}
        />
        {fieldError('serviceHistory')}
      </div>
      {textField('keys', 'Antal nycklar', { inputMode: 'numeric' })}
      <section className="contract-clause" aria-label="Befintligt skick">
        <p>
          <strong>{AS_IS_CLAUSE}</strong>
        </p>
        <p>{AS_IS_EXPLANATION}</p>
      </section>
      {other && (
        <p className="alert" role="alert">
          {submit.shown!.message}
        </p>
      )}
      <div className="contract-form__actions">
        <button type="submit" className="button button--primary" disabled={submit.busy} aria-busy={submit.busy}>
          {submit.busy && <Spinner size="small" label="Sparar..." />}
          {changing ? 'Spara ändringarna' : 'Skapa köpekontrakt'}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          Avbryt
        </button>
      </div>
    </form>
  );
}
