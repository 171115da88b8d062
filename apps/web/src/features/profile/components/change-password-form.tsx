import { useId, useRef, useState, type FormEvent } from 'react';
import {
  PASSWORD_CHANGE_MESSAGES,
  passwordChangeRules,
  type PasswordChangeInput,
} from '@bilmarknaden/shared/validation/password-change';
import { PasswordFields, type PasswordFieldSpec } from '../../../components/password-fields.tsx';
import { storeSession } from '../../../lib/session-store.ts';
import { useRuleSubmit } from '../../../lib/use-rule-submit.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { changePasswordRequest } from '../api/password-api.ts';

type Field = keyof PasswordChangeInput;

const FIELDS: PasswordFieldSpec<Field>[] = [
  { field: 'currentPassword', label: 'Nuvarande lösenord', autoComplete: 'current-password' },
  { field: 'password', label: 'Nytt lösenord', autoComplete: 'new-password' },
  { field: 'passwordRepeat', label: 'Upprepa nytt lösenord', autoComplete: 'new-password' },
];

const EMPTY: PasswordChangeInput = { currentPassword: '', password: '', passwordRepeat: '' };
const FAILED = 'Lösenordet kunde inte bytas. Försök igen om en stund.';

/** NFC, as the server compares: 'å' typed as a + ring is the same character. */
const toInput = (v: PasswordChangeInput): PasswordChangeInput => ({
  currentPassword: v.currentPassword.normalize('NFC'),
  password: v.password.normalize('NFC'),
  passwordRepeat: v.passwordRepeat.normalize('NFC'),
});

/** 'Byt lösenord' on the profile: the rules of the server, the last failing one in a red alert; nothing sent meanwhile. */
export function ChangePasswordForm() {
  const id = useId();
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const [values, setValues] = useState<PasswordChangeInput>(EMPTY);
  const [changed, setChanged] = useState(false);
  const form = useRuleSubmit({
    rules: passwordChangeRules,
    input: toInput(values),
    focus: (field) => refs.current[field as Field]?.focus(),
    failed: FAILED,
    logLabel: 'Lösenordet kunde inte bytas',
  });
  const { shown, busy } = form;

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    form.clearServerError();
    setChanged(false);
  };

  function submit(e: FormEvent) {
    setChanged(false);
    void form.submit(e, async (input) => {
      const token = await changePasswordRequest({ currentPassword: input.currentPassword, password: input.password });
      // The session goes on with the new token: identity no longer takes the ones issued before the change.
      storeSession(token);
      setValues(EMPTY);
      form.resetAttempt();
      setChanged(true);
    });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="password-change">
      <h2 id={`${id}-heading`}>Byt lösenord</h2>
      <div aria-live="polite">
        {changed && (
          <p className="notice" role="status">
            {PASSWORD_CHANGE_MESSAGES.changed}
          </p>
        )}
      </div>
      <form className="form card" noValidate onSubmit={submit}>
        <PasswordFields
          id={id}
          fields={FIELDS}
          values={values}
          change={change}
          shown={shown}
          inputRef={(field, el) => void (refs.current[field] = el)}
        />
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy && <Spinner size="small" label="Byter lösenord..." />}
          Byt lösenord
        </button>
      </form>
    </section>
  );
}
