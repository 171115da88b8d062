import { useId, useRef, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PAGE_PATHS } from '@bilmarknaden/shared/page-paths';
import { LOGIN_MESSAGES, loginRules } from '@bilmarknaden/shared/validation/login';
import { failingRules } from '@bilmarknaden/shared/validation/rules';
import type { LoginBody } from '@bilmarknaden/shared/api-types';
import { closeLoginDialog, openLoginDialog, useLoginDialogOpen } from '../../../lib/login-dialog.ts';
import { CloseIcon } from '../../../lib/icons.tsx';
import { useReturnFocus } from '../../../lib/return-focus.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useRuleSubmit } from '../../../lib/use-rule-submit.ts';
import { loginRequest } from '../api/auth-api.ts';
import { completeLogin } from '../utils/session.ts';
import type { ForgotPasswordState } from './forgot-password-page.tsx';

type Field = keyof LoginBody;
type FieldErrors = Partial<Record<Field, string>>;

const FAILED = 'Inloggningen misslyckades. Försök igen om en stund.';

/** The login modal of section 2, opened by 'Logga in' or openLoginDialog() from anywhere. */
export function LoginDialog() {
  const returnFocus = useReturnFocus();
  const open = useLoginDialogOpen();
  const content = useRef<HTMLDivElement>(null);
  // Set when a link leaves for another page: that page places the keyboard, not the opener here.
  const leaving = useRef(false);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? openLoginDialog() : closeLoginDialog())}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          ref={content}
          className="modal"
          {...returnFocus}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            // The keyboard starts in the email field, not on the close button the dialog would choose.
            const email = content.current?.querySelector<HTMLInputElement>('input[type="email"]');
            if (!email) return;
            event.preventDefault();
            email.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (leaving.current) {
              leaving.current = false;
              event.preventDefault();
            } else returnFocus.onCloseAutoFocus(event);
          }}
        >
          <div className="modal__header">
            <Dialog.Title className="modal__title">Logga in</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Stäng">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="muted">Logga in för att spara annonser och lägga upp egna.</Dialog.Description>
          <LoginForm
            onSuccess={closeLoginDialog}
            onForgotPassword={() => {
              leaving.current = true;
              closeLoginDialog();
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface LoginFormProps {
  onSuccess: () => void;
  /** 'Glömt lösenord?' was followed (to /forgot-password, with the typed address). */
  onForgotPassword: () => void;
}

function LoginForm({ onSuccess, onForgotPassword }: LoginFormProps) {
  const queryClient = useQueryClient();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const fields = { email: emailRef, password: passwordRef };
  const input: LoginBody = { email: values.email.trim(), password: values.password };
  const form = useRuleSubmit({
    rules: loginRules,
    input,
    // Each field shows its own message, so the keyboard goes to the first field at fault.
    focus: (field) => fields[(failingRules(loginRules, input)[0]?.field ?? field) as Field].current?.focus(),
    failed: FAILED,
    logLabel: 'Inloggningen misslyckades',
  });
  const { busy, serverError } = form;
  const errors: FieldErrors = {};
  // The rules' messages win over the server's on the same field.
  for (const f of [serverError, ...form.failures]) if (f?.field) errors[f.field as Field] = f.message;
  const formError = serverError?.field === '' ? serverError.message : null;

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    form.clearServerError();
  };

  function submit(e: FormEvent) {
    void form.submit(
      e,
      async (body) => {
        const token = await loginRequest(body);
        // completeLogin stores the token at once; the profile arrives in the background.
        void completeLogin(token, queryClient);
        onSuccess();
      },
      (err) => {
        if (err.status === 401) return { field: 'password', message: LOGIN_MESSAGES.wrongPassword };
        if (err.status === 404) return { field: 'email', message: LOGIN_MESSAGES.unknownUser };
        if (err.status !== 429) return { field: '', message: FAILED };
      },
    );
  }

  return (
    <form className="form" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-email`}>E-post</label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={change('email')}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
        />
        {errors.email && (
          <p id={`${id}-email-error`} className="field__error">
            {errors.email}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>Lösenord</label>
        <input
          ref={passwordRef}
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
        />
        {errors.password && (
          <p id={`${id}-password-error`} className="field__error">
            {errors.password}
          </p>
        )}
        <Link
          to={PAGE_PATHS.forgotPassword}
          state={{ email: values.email.trim() } satisfies ForgotPasswordState}
          className="field__link"
          onClick={onForgotPassword}
        >
          Glömt lösenord?
        </Link>
      </div>
      {formError && (
        <p className="alert" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? <Spinner size="small" label="Loggar in..." /> : null}
        Logga in
      </button>
      <p className="form__footer">
        Inget konto?{' '}
        <Link to="/signup" onClick={() => closeLoginDialog()}>
          Skapa konto
        </Link>
      </p>
    </form>
  );
}
