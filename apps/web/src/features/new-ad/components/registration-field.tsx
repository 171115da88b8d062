import { useState } from 'react';
import type { VehicleFacts } from '@bilmarknaden/shared/api-types';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import {
  formatRegistrationNumber,
  normalizeRegistrationNumber,
  REGISTRATION_NUMBER_MESSAGES,
  registrationNumberRules,
} from '@bilmarknaden/shared/validation/registration-number';
import { ApiRequestError, failureMessage } from '../../../lib/api-client.ts';
import { fetchVehicleFacts } from '../api/vehicle-lookup.ts';

export const FACTS_FILLED =
  'Uppgifterna från fordonsregistret är ifyllda. Kontrollera dem och ändra om något inte stämmer.';

interface RegistrationFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The register's facts, to fill the form with. */
  onFacts: (facts: VehicleFacts) => void;
  invalid: boolean;
  describedBy?: string | undefined;
}

/**
 * The new ad's registration number with 'Hämta fordonsuppgifter' beside it: the register's facts fill the form (the
 * seller can correct them); an unknown number says so and the seller fills the form in. The outcome is announced.
 */
export function RegistrationField({ id, value, onChange, onFacts, invalid, describedBy }: RegistrationFieldProps) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; problem: boolean } | null>(null);
  const outcomeId = `${id}-outcome`;

  const lookUp = async () => {
    const failure = lastFailure(registrationNumberRules, { registrationNumber: value });
    if (failure) {
      setOutcome({ text: failure.message, problem: true });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const facts = await fetchVehicleFacts(normalizeRegistrationNumber(value));
      if (facts.stolen) {
        setOutcome({ text: REGISTRATION_NUMBER_MESSAGES.stolen(facts.registrationNumber), problem: true });
        return;
      }
      onFacts(facts);
      setOutcome({ text: FACTS_FILLED, problem: false });
    } catch (err) {
      const unknown = err instanceof ApiRequestError && err.status === 404;
      setOutcome({ text: failureMessage(err), problem: !unknown });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="field ad-form__wide ad-form__registration">
      <label htmlFor={id}>Registreringsnummer</label>
      <div className="ad-form__registration-row">
        <input
          id={id}
          name="registrationNumber"
          type="text"
          value={value}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABC 123"
          aria-invalid={invalid || undefined}
          aria-describedby={[describedBy, outcome ? outcomeId : undefined].filter(Boolean).join(' ') || undefined}
          onChange={(e) => {
            onChange(e.target.value);
            setOutcome(null);
          }}
          onBlur={() => {
            // Shown as written on the plate once typed: 'abc123' → 'ABC 123'.
            const shown = formatRegistrationNumber(value.trim());
            if (shown !== value) onChange(shown);
          }}
        />
        <button type="button" className="button button--secondary" onClick={() => void lookUp()} disabled={busy}>
          {busy ? 'Hämtar...' : 'Hämta fordonsuppgifter'}
        </button>
      </div>
      <p id={outcomeId} className={outcome?.problem ? 'field-note' : 'field-hint'} role="status">
        {outcome?.text}
      </p>
    </div>
  );
}

/** The edit form's number: shown, not changeable (an ad published before numbers were asked for shows none). */
export function FixedRegistrationNumber({ id, value }: { id: string; value: string }) {
  return (
    <div className="field ad-form__wide ad-form__registration">
      <label htmlFor={id}>Registreringsnummer</label>
      <input id={id} type="text" value={formatRegistrationNumber(value)} readOnly aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="field-hint">
        Registreringsnumret kan inte ändras.
      </p>
    </div>
  );
}
