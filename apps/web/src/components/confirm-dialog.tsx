import { useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { failureMessage } from '../lib/api-client.ts';
import { useReturnFocus } from '../lib/return-focus.ts';
import { Spinner } from '../lib/spinner.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** The failed attempt's error, or null. Shown in an alert: the server's message, or `failedMessage`. */
  error: unknown;
  /** For a failure the server did not explain (a 500, no answer). */
  failedMessage: string;
  pending: boolean;
  onConfirm: () => void;
  /** Avbryt, Escape or a click outside; ignored while the action runs. */
  onCancel: () => void;
  /**
   * Where the keyboard goes when the dialog closes after the action (the element that opened it may have gone
   * with what the action removed). After a cancel, and without this, it goes back to that element.
   */
  focusAfterConfirm?: () => void;
}

/** Asks before an action that cannot be undone ('Avbryt' or 'Ta bort'), with its error and a spinner. */
export function ConfirmDialog({
  open,
  title,
  description,
  error,
  failedMessage,
  pending,
  onConfirm,
  onCancel,
  focusAfterConfirm,
}: ConfirmDialogProps) {
  // No Dialog.Trigger opens it: without this, closing left the keyboard on the page's body.
  const returnFocus = useReturnFocus();
  // Closed by Avbryt, Escape or a click outside; otherwise the caller closed it after the action.
  const cancelled = useRef(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (o || pending) return;
        cancelled.current = true;
        onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="modal"
          onOpenAutoFocus={() => {
            cancelled.current = false;
            returnFocus.onOpenAutoFocus();
          }}
          onCloseAutoFocus={(event) => {
            if (cancelled.current || !focusAfterConfirm) return returnFocus.onCloseAutoFocus(event);
            event.preventDefault();
            focusAfterConfirm();
          }}
        >
          <Dialog.Title className="modal__title">{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          {error !== null && (
            <p role="alert" className="alert">
              {failureMessage(error, failedMessage)}
            </p>
          )}
          <div className="modal__actions">
            <Dialog.Close asChild>
              <button type="button" className="button button--secondary" disabled={pending}>
                Avbryt
              </button>
            </Dialog.Close>
            <button type="button" className="button button--danger" disabled={pending} onClick={onConfirm}>
              Ta bort
            </button>
            {pending && <Spinner size="small" label="Tar bort..." />}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
