import { useId, useState, type FormEvent } from 'react';
import { failingRules } from '@bilmarknaden/shared/validation/rules';
import { moderationReasonRules, normalizeReason } from '@bilmarknaden/shared/validation/moderation';

/** The reason of an action, checked by the shared rules the server uses. */
export function ReasonForm(props: {
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [attempted, setAttempted] = useState(false);
  const failure = attempted ? failingRules(moderationReasonRules, normalizeReason({ reason })).at(-1) : undefined;
  function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    const input = normalizeReason({ reason });
    if (failingRules(moderationReasonRules, input).length > 0) {
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    props.onSubmit(input.reason);
  }
  return (
    <form className="form moderation-reason" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-reason`}>{props.label}</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          value={reason}
          // The form opens on a press of its button: the keyboard goes straight to its one field.
          autoFocus
          aria-describedby={failure ? `${id}-alert` : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {failure && (
        <p id={`${id}-alert`} className="alert" role="alert">
          {failure.message}
        </p>
      )}
      <div className="feedback-item__actions">
        <button type="button" className="button button--secondary" onClick={props.onCancel}>
          Avbryt
        </button>
        <button type="submit" className="button button--danger" disabled={props.pending} aria-busy={props.pending}>
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}
