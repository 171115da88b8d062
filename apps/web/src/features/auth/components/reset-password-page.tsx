import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PAGE_PATHS } from '@bilmarknaden/shared/page-paths';
import {
  PASSWORD_RESET_MESSAGES,
  passwordResetRules,
  type PasswordResetInput,
} from '@bilmarknaden/shared/validation/password-reset';
import { PasswordFields, type PasswordFieldSpec } from '../../../components/password-fields.tsx';
import { leaveNotice } from '../../../lib/page-notice.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRuleSubmit } from '../../../lib/use-rule-submit.ts';
import { confirmPasswordReset } from '../api/password-reset-api.ts';
import { completeLogin } from '../utils/session.ts';

type Field = keyof PasswordResetInput;

const FIELDS: PasswordFieldSpec<Field>[] = [
  { field: 'password', label: 'Nytt lösenord', autoComplete: 'new-password' },
  { field: 'passwordRepeat', label: 'Upprepa nytt lösenord', autoComplete: 'new-password' },
];

const EMPTY: PasswordResetInput = { password: '', passwordRepeat: '' };
export const SAVE_FAILED = 'Lösenordet kunde inte sparas. Försök igen om en stund.';

/** The mail's link is /reset-password#token=…: in the fragment, which no request and no Referer carries. */
function tokenFrom(hash: string): string {
  return (new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '').trim();
}

/** NFC, as the server compares: 'å' typed as a + ring is the same character. */
const toInput = (v: PasswordResetInput): PasswordResetInput => ({
  password: v.password.normalize('NFC'),
  passwordRepeat: v.passwordRepeat.normalize('NFC'),
});

/** /reset-password 'Välj nytt lösenord': the mail's link; a new password twice, then logged in on the home page. */
export function ResetPasswordPage() {
  useDocumentTitle('Välj nytt lösenord');
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Read once: the router's location keeps the fragment while the address bar no longer shows it.
  const [token] = useState(() => tokenFrom(location.hash));
  // The server said the link is dead (used, replaced or expired); without a token it is dead from the start.
  const [linkDead, setLinkDead] = useState(false);
  const linkInvalid = token === '' || linkDead;
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const invalidMessage = useRef<HTMLParagraphElement>(null);
  const [values, setValues] = useState<PasswordResetInput>(EMPTY);

  // The token leaves the address bar and the history entry: not kept, nor shared with a copied address.
  useEffect(() => {
    const { hash, pathname, search } = window.location;
    if (hash) window.history.replaceState(window.history.state, '', pathname + search);
  }, []);

  const form = useRuleSubmit({
    rules: passwordResetRules,
    input: toInput(values),
    focus: (field) => refs.current[field as Field]?.focus(),
    failed: SAVE_FAILED,
    logLabel: 'Lösenordet kunde inte sparas',
  });
  const { shown, busy } = form;

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    form.clearServerError();
  };

  function submit(e: FormEvent) {
    void form.submit(
      e,
      async (input) => {
        const next = await confirmPasswordReset({ token, password: input.password });
        if (!next) throw new Error('Tom token från servern');
        // As the login dialog: the token is stored at once, the profile arrives in the background.
        void completeLogin(next, queryClient);
        leaveNotice(PASSWORD_RESET_MESSAGES.changed);
        void navigate('/', { replace: true });
      },
      (err) => {
        if (err.field !== 'token') return false;
        setLinkDead(true);
        return true;
      },
    );
  }

  // The link turned out dead: the form is gone, the keyboard goes to why and what to do.
  useEffect(() => {
    if (linkDead) invalidMessage.current?.focus();
  }, [linkDead]);

  return (
    <section className="page">
      <h1>Välj nytt lösenord</h1>
      {linkInvalid ? (
        <div className="login-prompt">
          <p ref={invalidMessage} className="alert" role="alert" tabIndex={-1}>
            {PASSWORD_RESET_MESSAGES.invalidLink}
          </p>
          <Link to={PAGE_PATHS.forgotPassword} className="button button--primary">
            Begär en ny länk
          </Link>
        </div>
      ) : (
        <>
          <p className="muted">Skriv ditt nya lösenord två gånger. Du loggas in när det är sparat.</p>
          <form className="form card" noValidate onSubmit={submit}>
            <PasswordFields
              id={id}
              fields={FIELDS}
              values={values}
              change={change}
              shown={shown}
              inputRef={(field, el) => void (refs.current[field] = el)}
            />
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
              {busy && <Spinner size="small" label="Sparar lösenordet..." />}
              Spara lösenord
            </button>
          </form>
        </>
      )}
    </section>
  );
}
