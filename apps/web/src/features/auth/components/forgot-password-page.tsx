import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import {
  normalizePasswordResetRequest,
  passwordResetRequestRules,
} from '@bilmarknaden/shared/validation/password-reset';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRuleSubmit } from '../../../lib/use-rule-submit.ts';
import { useSession } from '../../../lib/session-store.ts';
import { requestPasswordReset } from '../api/password-reset-api.ts';

/** The router state of a link here: the login dialog's 'Glömt lösenord?' carries the address typed there. */
export interface ForgotPasswordState {
  email: string;
}

export const SEND_FAILED = 'Länken kunde inte skickas. Försök igen om en stund.';

/** /forgot-password 'Glömt lösenord': a link to choose a new password, sent by email. Logged in or not. */
export function ForgotPasswordPage() {
  useDocumentTitle('Glömt lösenord');
  const location = useLocation();
  const carried = (location.state as Partial<ForgotPasswordState> | null)?.email;
  const fromLogin = typeof carried === 'string';
  // Each visit starts over (the dialog's link followed from this page carries a new address).
  return <ForgotPasswordForm key={location.key} initialEmail={fromLogin ? carried : ''} fromLogin={fromLogin} />;
}

function ForgotPasswordForm({ initialEmail, fromLogin }: { initialEmail: string; fromLogin: boolean }) {
  const id = useId();
  const { loggedIn } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const again = useRef(false);
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState<string | null>(null);

  const input = normalizePasswordResetRequest({ email });
  const form = useRuleSubmit({
    rules: passwordResetRequestRules,
    input,
    focus: (name) => name === 'email' && field.current?.focus(),
    failed: SEND_FAILED,
    logLabel: 'Länken kunde inte skickas',
  });
  const { shown, busy } = form;
  const invalid = shown?.field === 'email';

  // From the login dialog (which no longer gives the keyboard back to its opener): the keyboard starts here.
  useEffect(() => {
    if (fromLogin) heading.current?.focus();
  }, [fromLogin]);

  useEffect(() => {
    if (sent !== null) status.current?.focus();
    else if (again.current) field.current?.focus();
    again.current = false;
  }, [sent]);

  function submit(e: FormEvent) {
    void form.submit(e, async (request) => setSent(await requestPasswordReset(request)));
  }

  return (
    <section className="page">
      <h1 ref={heading} tabIndex={-1}>
        Glömt lösenord
      </h1>
      {sent === null ? (
        <>
          <p className="muted">
            Skriv e-postadressen till ditt konto, så skickar vi en länk där du kan välja ett nytt lösenord.
          </p>
          <form className="form card" noValidate onSubmit={submit}>
            <div className="field">
              <label htmlFor={`${id}-email`}>E-post</label>
              <input
                ref={field}
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  form.clearServerError();
                }}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? `${id}-email-error` : undefined}
              />
              {invalid && (
                <p id={`${id}-email-error`} className="field__error">
                  {shown.message}
                </p>
              )}
            </div>
            {shown && !invalid && (
              <p className="alert" role="alert">
                {shown.message}
              </p>
            )}
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
              {busy && <Spinner size="small" label="Skickar..." />}
              Skicka länk
            </button>
          </form>
        </>
      ) : (
        <div className="form card">
          <p ref={status} className="notice" role="status" tabIndex={-1}>
            {sent}
          </p>
          <div className="login-prompt">
            <span className="muted">Kom inget mejl? Titta i skräpposten, eller skicka igen.</span>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                again.current = true;
                form.resetAttempt();
                setSent(null);
              }}
            >
              Skicka igen
            </button>
            {!loggedIn && (
              <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
                Logga in
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
