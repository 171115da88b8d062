import { forwardRef, useId, useImperativeHandle, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useRuleSubmit } from '../../../lib/use-rule-submit.ts';
import { messageRules, normalizeMessage } from '@bilmarknaden/shared/validation/message';
import '../messages.css';

interface MessageFormProps {
  label: string;
  initialText?: string;
  /** Sends the text; a refusal (4xx) shows the server's Swedish message under the box. */
  send: (text: string) => Promise<void>;
  /** After a sent message: the box empties unless `keepText`. */
  keepText?: boolean;
  disabled?: boolean;
  /** Beside the send button (e.g. 'Avbryt' in the composer). */
  extraActions?: ReactNode;
  onBusyChange?: (busy: boolean) => void;
  className?: string;
}

export interface MessageFormHandle {
  focus: () => void;
}

const FAILED = 'Meddelandet kunde inte skickas. Kontrollera din anslutning och försök igen.';

/**
 * A message box and 'Skicka' (the answer box and the ad's composer): the shared rules first, as the server checks
 * them; Ctrl+Enter or Cmd+Enter sends too, Enter alone is a line break.
 */
export const MessageForm = forwardRef<MessageFormHandle, MessageFormProps>(function MessageForm(
  { label, initialText = '', send, keepText, disabled, extraActions, onBusyChange, className },
  ref,
) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(initialText);
  useImperativeHandle(ref, () => ({ focus: () => field.current?.focus() }), []);
  const form = useRuleSubmit({
    rules: messageRules,
    // As the server reads it (trimmed); line breaks inside are kept.
    input: normalizeMessage({ text }),
    focus: () => field.current?.focus(),
    failed: FAILED,
    logLabel: 'Meddelandet kunde inte skickas',
    onBusyChange,
  });
  const { shown, failures, busy } = form;

  function submit(e: FormEvent) {
    void form.submit(
      e,
      async (input) => {
        await send(input.text);
        if (!keepText) {
          setText('');
          form.resetAttempt();
        }
      },
      // Whatever the server names, a refusal is about the one box (a limit, a block).
      (err: ApiRequestError) => ({ field: 'text', message: err.message }),
    );
  }

  return (
    <form ref={formRef} className={`form message-form ${className ?? ''}`} noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-text`}>{label}</label>
        <textarea
          ref={field}
          id={`${id}-text`}
          name="text"
          rows={3}
          value={text}
          disabled={disabled}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-alert` : `${id}-hint`}
          onChange={(e) => {
            setText(e.target.value);
            form.clearServerError();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              formRef.current?.requestSubmit();
            }
          }}
        />
        <p id={`${id}-hint`} className="message-form__hint muted">
          Skicka med knappen eller Ctrl+Enter.
        </p>
      </div>
      {shown && (
        <div id={`${id}-alert`} className={failures.length > 0 ? 'alert' : 'query-error'} role="alert">
          <p className="message-form__error">{shown.message}</p>
          {failures.length === 0 && form.retry && (
            <button type="button" className="button button--secondary" onClick={form.retry}>
              Försök igen
            </button>
          )}
        </div>
      )}
      <div className="message-form__actions">
        {extraActions}
        <button type="submit" className="button" disabled={busy || disabled} aria-busy={busy}>
          {busy && <Spinner size="small" label="Skickar..." />}
          Skicka
        </button>
      </div>
    </form>
  );
});
