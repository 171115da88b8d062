import { useId, useRef, useState, type FormEvent } from 'react';
import type { FeedbackBody } from '@bilmarknaden/shared/api-types';
import { feedbackRules, normalizeFeedback } from '@bilmarknaden/shared/validation/feedback';
import { lastFailure, type RuleFailure } from '@bilmarknaden/shared/validation/rules';
import { ApiRequestError } from '../../lib/api-client.ts';
import { Spinner } from '../../lib/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { sendFeedback } from './api/feedback-api.ts';

type Field = keyof FeedbackBody;
const EMPTY: FeedbackBody = { name: '', email: '', title: '', content: '' };
export const FEEDBACK_THANKS = 'Tack för din feedback!';
const NETWORK_ERROR = 'Kunde inte skicka din feedback. Kontrollera din anslutning och försök igen.';

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'failed'; message: string; field?: string; retry: FeedbackBody | null };

/** /feedback 'Skicka feedback': all four fields required; stored by the server and confirmed (DESIGN.md). */
export function FeedbackPage() {
  useDocumentTitle('Skicka feedback');
  const id = useId();
  const refs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const [values, setValues] = useState<FeedbackBody>(EMPTY);
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const body = normalizeFeedback({ ...values });
  // The last failing rule's message, shown after a submit attempt and kept up to date while typing.
  const failure: RuleFailure | null = attempted ? lastFailure(feedbackRules, body) : null;
  const serverField = status.kind === 'failed' ? status.field : undefined;
  const invalidField = failure?.field ?? serverField;

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (status.kind !== 'sending') setStatus({ kind: 'idle' });
  };

  async function send(toSend: FeedbackBody) {
    setStatus({ kind: 'sending' });
    try {
      await sendFeedback(toSend);
      setValues(EMPTY);
      setAttempted(false);
      setStatus({ kind: 'sent' });
    } catch (err) {
      console.error('Feedback kunde inte skickas', err);
      if (err instanceof ApiRequestError) {
        const canRetry = err.status >= 500 || err.status === 429;
        setStatus({ kind: 'failed', message: err.message, field: err.field, retry: canRetry ? toSend : null });
      } else {
        setStatus({ kind: 'failed', message: NETWORK_ERROR, retry: toSend });
      }
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (status.kind === 'sending') return;
    setAttempted(true);
    const failed = lastFailure(feedbackRules, body);
    if (failed) {
      setStatus({ kind: 'idle' });
      refs.current[failed.field as Field]?.focus();
      return;
    }
    void send(body);
  }

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: change(field),
    required: true,
    'aria-invalid': invalidField === field ? true : undefined,
    'aria-describedby': invalidField === field ? `${id}-alert` : undefined,
  });

  const sending = status.kind === 'sending';
  return (
    <section className="page">
      <h1>Skicka feedback</h1>
      <p className="muted">Berätta vad du tycker om Bilmarknaden, vad som saknas eller vad som inte fungerar.</p>
      <div aria-live="polite">
        {status.kind === 'sent' && (
          <p className="notice" role="status">
            {FEEDBACK_THANKS}
          </p>
        )}
      </div>
      <form className="form card" noValidate onSubmit={submit}>
        <div className="form__row">
          <div className="field">
            <label htmlFor={`${id}-name`}>Namn</label>
            <input
              ref={(el) => void (refs.current.name = el)}
              type="text"
              autoComplete="name"
              {...fieldProps('name')}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-email`}>E-post</label>
            <input
              ref={(el) => void (refs.current.email = el)}
              type="email"
              autoComplete="email"
              {...fieldProps('email')}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-title`}>Rubrik</label>
          <input ref={(el) => void (refs.current.title = el)} type="text" {...fieldProps('title')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-content`}>Meddelande</label>
          <textarea ref={(el) => void (refs.current.content = el)} rows={6} {...fieldProps('content')} />
        </div>
        {failure && (
          <p id={`${id}-alert`} className="alert" role="alert">
            {failure.message}
          </p>
        )}
        {!failure && status.kind === 'failed' && (
          <div id={`${id}-alert`} className="query-error" role="alert">
            <p>{status.message}</p>
            {status.retry && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => status.retry && void send(status.retry)}
              >
                Försök igen
              </button>
            )}
          </div>
        )}
        <div>
          <button type="submit" className="button" disabled={sending} aria-busy={sending}>
            {sending && <Spinner size="small" label="Skickar..." />}
            Skicka
          </button>
        </div>
      </form>
    </section>
  );
}
