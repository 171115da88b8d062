import { useId, useRef, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { accountClosureRules, type AccountClosureInput } from '@bilmarknaden/shared/validation/account-closure';
import { PasswordFields, type PasswordFieldSpec } from '../../../components/password-fields.tsx';
import { useReturnFocus } from '../../../lib/return-focus.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useRuleSubmit } from '../../../lib/use-rule-submit.ts';
import { closeAccountRequest } from '../api/account-api.ts';

const FIELDS: PasswordFieldSpec<'password'>[] = [
  { field: 'password', label: 'Lösenord', autoComplete: 'current-password' },
];

const FAILED = 'Kontot kunde inte raderas. Försök igen om en stund.';

interface DeleteAccountDialogProps {
  open: boolean;
  /** Avbryt, Escape or a click outside; ignored while the request runs. */
  onCancel: () => void;
  /** 204: the account is gone. */
  onClosed: () => void;
  /** 401: the server no longer takes the session. */
  onSessionGone: () => void;
  /** Where the keyboard goes on close when the button that opened the dialog is gone (after a 401). */
  focusFallback: () => HTMLElement | null;
}

/** 'Radera kontot?': the password confirms; the same dialog primitive and look as 'Ta bort annonsen?'. */
export function DeleteAccountDialog({
  open,
  onCancel,
  onClosed,
  onSessionGone,
  focusFallback,
}: DeleteAccountDialogProps) {
  const returnFocus = useReturnFocus(focusFallback);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o && !busy) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="modal" {...returnFocus}>
          <Dialog.Title className="modal__title">Radera kontot?</Dialog.Title>
          <Dialog.Description>
            Ditt konto, dina annonser med bilder och dina sparade annonser tas bort. Det går inte att ångra.
          </Dialog.Description>
          {/* Inside the content: the typed password and any message go when the dialog closes. */}
          <PasswordForm busy={busy} setBusy={setBusy} onClosed={onClosed} onSessionGone={onSessionGone} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface PasswordFormProps extends Pick<DeleteAccountDialogProps, 'onClosed' | 'onSessionGone'> {
  busy: boolean;
  setBusy: (busy: boolean) => void;
}

function PasswordForm({ busy, setBusy, onClosed, onSessionGone }: PasswordFormProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const form = useRuleSubmit({
    rules: accountClosureRules,
    // NFC, as the server compares: 'å' typed as a + ring is the same character.
    input: { password: password.normalize('NFC') } satisfies AccountClosureInput,
    focus: () => field.current?.focus(),
    failed: FAILED,
    logLabel: 'Kontot kunde inte raderas',
    onBusyChange: setBusy,
  });
  const { shown } = form;

  function submit(e: FormEvent) {
    void form.submit(
      e,
      async (input) => {
        await closeAccountRequest(input);
        onClosed();
      },
      (err) => {
        if (err.status === 401) {
          onSessionGone();
          return true;
        }
        // A wrong password (403) or its rule (400) is about the one field, whatever the server names.
        if (err.status === 400 || err.status === 403) return { field: 'password', message: err.message };
      },
    );
  }

  return (
    <form className="form account-closure__form" noValidate onSubmit={submit}>
      <PasswordFields
        id={id}
        fields={FIELDS}
        values={{ password }}
        change={() => (e) => {
          setPassword(e.target.value);
          form.clearServerError();
        }}
        shown={shown}
        inputRef={(_, el) => void (field.current = el)}
      />
      <div className="modal__actions">
        <Dialog.Close asChild>
          <button type="button" className="button button--secondary" disabled={busy}>
            Avbryt
          </button>
        </Dialog.Close>
        <button type="submit" className="button button--danger" disabled={busy} aria-busy={busy}>
          Radera kontot
        </button>
        {busy && <Spinner size="small" label="Raderar kontot..." />}
      </div>
    </form>
  );
}
