import { useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  normalizeRegistration,
  REGISTRATION_MESSAGES,
  registrationRules,
  type RegistrationInput,
} from '@bilmarknaden/shared/validation/registration';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useSessionToken } from '../../../lib/session-store.ts';
import { useRuleSubmit } from '../../../lib/use-rule-submit.ts';
import { registerRequest } from '../api/auth-api.ts';
import { completeLogin } from '../utils/session.ts';

type Field = keyof RegistrationInput;

interface FieldSpec {
  field: Field;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  /** Numeric inputs stay type text so a leading zero is kept (section 5). */
  numeric?: boolean;
}

export const ACCOUNT_CREATED = 'Välkommen! Ditt konto är skapat och du är inloggad.';

const GROUPS: FieldSpec[][] = [
  [{ field: 'username', label: 'Användarnamn', autoComplete: 'username' }],
  [
    { field: 'firstname', label: 'Förnamn', autoComplete: 'given-name' },
    { field: 'lastname', label: 'Efternamn', autoComplete: 'family-name' },
  ],
  [{ field: 'email', label: 'E-post', type: 'email', autoComplete: 'email' }],
  [
    { field: 'password', label: 'Lösenord', type: 'password', autoComplete: 'new-password' },
    { field: 'passwordRepeat', label: 'Upprepa lösenord', type: 'password', autoComplete: 'new-password' },
  ],
  [
    { field: 'street', label: 'Gata', autoComplete: 'address-line1' },
    { field: 'housenumber', label: 'Husnummer', autoComplete: 'off' },
  ],
  [
    { field: 'zipcode', label: 'Postnummer', autoComplete: 'postal-code', numeric: true },
    { field: 'city', label: 'Stad', autoComplete: 'address-level2' },
  ],
  [
    { field: 'countryCode', label: 'Landskod', autoComplete: 'tel-country-code', numeric: true },
    { field: 'phone', label: 'Telefonnummer', autoComplete: 'tel-national', numeric: true },
  ],
];

const EMPTY: RegistrationInput = {
  username: '',
  firstname: '',
  lastname: '',
  email: '',
  password: '',
  passwordRepeat: '',
  street: '',
  housenumber: '',
  zipcode: '',
  city: '',
  countryCode: '',
  phone: '',
};

const FAILED = 'Kontot kunde inte skapas. Försök igen om en stund.';
const TAKEN = 'E-postadressen eller användarnamnet används redan.';
/** Refusals the user can act on (not faults): the server's message, or this when it sent none. */
const REFUSALS: Partial<Record<number, string>> = {
  400: FAILED,
  409: TAKEN,
  429: REGISTRATION_MESSAGES.tooMany,
};

/** The normalised body plus the repeated password, as the rules see it. */
function toInput(values: RegistrationInput): RegistrationInput {
  return { ...normalizeRegistration({ ...values }), passwordRepeat: values.passwordRepeat };
}

/**
 * /signup 'Skapa konto': every rule in order, the last failing one in a red alert (section 5). A logged-in user
 * has no account to create and goes to / (replacing /signup, as /new/car replaces itself when logged out).
 */
export function SignupPage() {
  useDocumentTitle('Skapa konto');
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  // Set as this page's own registration logs in: then it navigates to / itself (a new entry, section 2).
  const registered = useRef(false);
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const [values, setValues] = useState<RegistrationInput>(EMPTY);
  const form = useRuleSubmit({
    rules: registrationRules,
    input: toInput(values),
    focus: (field) => refs.current[field as Field]?.focus(),
    failed: FAILED,
    logLabel: 'Registreringen misslyckades',
  });
  const { shown, busy } = form;

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    form.clearServerError();
  };

  function submit(e: FormEvent) {
    void form.submit(
      e,
      async ({ passwordRepeat: _repeat, ...body }) => {
        const next = await registerRequest(body);
        registered.current = true;
        void completeLogin(next, queryClient);
        navigate('/');
        showToast(ACCOUNT_CREATED);
      },
      (err) => {
        const refusal = REFUSALS[err.status];
        if (refusal === undefined) console.error('Registreringen misslyckades', err);
        return { field: '', message: err.message || refusal || FAILED };
      },
    );
  }

  if (token && !registered.current) return <Navigate to="/" replace />;

  return (
    <section className="page">
      <h1>Skapa konto</h1>
      <p className="muted">Alla fält måste fyllas i.</p>
      <form className="form card" noValidate onSubmit={submit}>
        {GROUPS.map((group) => (
          <div key={group[0]!.field} className={group.length > 1 ? 'form__row' : undefined}>
            {group.map((spec) => {
              const invalid = shown?.field === spec.field;
              return (
                <div key={spec.field} className="field">
                  <label htmlFor={`${id}-${spec.field}`}>{spec.label}</label>
                  <input
                    ref={(el) => void (refs.current[spec.field] = el)}
                    id={`${id}-${spec.field}`}
                    name={spec.field}
                    type={spec.type ?? 'text'}
                    inputMode={spec.numeric ? 'numeric' : undefined}
                    autoComplete={spec.autoComplete}
                    required
                    value={values[spec.field]}
                    onChange={change(spec.field)}
                    aria-invalid={invalid ? true : undefined}
                    aria-describedby={invalid ? `${id}-alert` : undefined}
                  />
                </div>
              );
            })}
          </div>
        ))}
        {shown && (
          <p id={`${id}-alert`} className="alert" role="alert">
            {shown.message}
          </p>
        )}
        <button type="submit" className="button button--block" disabled={busy} aria-busy={busy}>
          {busy && <Spinner size="small" label="Skapar konto..." />}
          Skapa konto
        </button>
      </form>
    </section>
  );
}
