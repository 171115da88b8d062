import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { FeedbackBody } from '@bilmarknaden/shared/api-types';
import { feedbackRules, normalizeFeedback } from '@bilmarknaden/shared/validation/feedback';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRuleSubmit } from '../../../lib/use-rule-submit.ts';
import { sendFeedback } from '../api/feedback-api.ts';

type Field = keyof FeedbackBody;
const EMPTY: FeedbackBody = { name: '', email: '', title: '', content: '' };
const FEEDBACK_THANKS = 'Tack för din feedback!';
const NETWORK_ERROR = 'Kunde inte skicka din feedback. Kontrollera din anslutning och försök igen.';

interface FeedbackPageProps {
  /** The logged-in user's name and email: they fill the fields until the user edits them. */
  sender?: { name: string; email: string };
}

/** /feedback 'Skicka feedback': all four fields required; stored by the server and confirmed (DESIGN.md). */
export function FeedbackPage({ sender }: FeedbackPageProps) {
  useDocumentTitle('Skicka feedback');
  const id = useId();
  const refs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const [values, setValues] = useState<FeedbackBody>(() => ({ ...EMPTY, ...sender }));
  // The profile may arrive after the form: it fills a name and an email the user has not typed in.
  const senderName = sender?.name ?? '';
  const senderEmail = sender?.email ?? '';
  useEffect(() => {
    setValues((v) => ({ ...v, name: v.name || senderName, email: v.email || senderEmail }));
  }, [senderName, senderEmail]);
  const [sent, setSent] = useState(false);
  const form = useRuleSubmit({
    rules: feedbackRules,
    input: normalizeFeedback({ ...values }),
    focus: (field) => refs.current[field as Field]?.focus(),
    failed: NETWORK_ERROR,
    logLabel: 'Feedback kunde inte skickas',
  });
  const { shown, failures, busy } = form;
  const invalidField = shown?.field;

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setSent(false);
    form.clearServerError();
  };

  function submit(e: FormEvent) {
    setSent(false);
    void form.submit(e, async (body) => {
      await sendFeedback(body);
      setValues({ ...EMPTY, name: senderName, email: senderEmail });
      form.resetAttempt();
      setSent(true);
    });
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

  return (
    <section className="page">
      <h1>Skicka feedback</h1>
      <p className="muted">Berätta vad du tycker om Bilmarknaden, vad som saknas eller vad som inte fungerar.</p>
      <div aria-live="polite">
        {sent && (
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
        {failures.length > 0 && shown && (
          <p id={`${id}-alert`} className="alert" role="alert">
            {shown.message}
          </p>
        )}
        {failures.length === 0 && shown && (
          <div id={`${id}-alert`} className="query-error" role="alert">
            <p>{shown.message}</p>
            {form.retry && (
              <button type="button" className="button button--secondary" onClick={form.retry}>
                Försök igen
              </button>
            )}
          </div>
        )}
        <div>
          <button type="submit" className="button" disabled={busy} aria-busy={busy}>
            {busy && <Spinner size="small" label="Skickar..." />}
            Skicka
          </button>
        </div>
      </form>
    </section>
  );
}
