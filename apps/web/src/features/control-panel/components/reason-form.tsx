import { useId, useState, type FormEvent } from 'react';
import { failingRules } from '@bilmarknaden/shared/validation/rules';
import { moderationReasonRules, normalizeReason } from '@bilmarknaden/shared/validation/moderation';

/** A text as the server will take it, and the message of the last of the shared rules it fails, if any. */
export type TextCheck = (text: string) => { text: string; failure: string | undefined };

/** A moderator's reason, checked by the shared rules the server uses. */
const checkReason: TextCheck = (text) => {
  const input = normalizeReason({ reason: text });
  return { text: input.reason, failure: failingRules(moderationReasonRules, input).at(-1)?.message };
};

/**
 * The one text field of a moderator's action (a reason, or a decision's note), checked on submit by the shared
 * rules the server uses (`check`; a reason by default), with an optional line saying what the form does.
 */
export function ReasonForm(props: {
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (text: string) => void;
  onCancel: () => void;
  check?: TextCheck;
  initial?: string;
  intro?: string;
  tone?: 'danger' | 'primary';
}) {
  const id = useId();
  const [reason, setReason] = useState(props.initial ?? '');
  const [attempted, setAttempted] = useState(false);
  const checked = (props.check ?? checkReason)(reason);
  const failure = attempted ? checked.failure : undefined;
  function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    if (checked.failure !== undefined) {
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    props.onSubmit(checked.text);
  }
  return (
    <form
      className="form moderation-reason"
      noValidate
      onSubmit={submit}
      aria-labelledby={props.intro ? `${id}-title` : undefined}
    >
      {props.intro && <p id={`${id}-title`}>{props.intro}</p>}
      <div className="field">
        <label htmlFor={`${id}-reason`}>{props.label}</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          value={reason}
          // The form opens on a press of its button (or after a block): the keyboard goes straight to its field.
          autoFocus
          aria-describedby={failure ? `${id}-alert` : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {failure && (
        <p id={`${id}-alert`} className="alert" role="alert">
          {failure}
        </p>
      )}
      <div className="feedback-item__actions">
        <button type="button" className="button button--secondary" onClick={props.onCancel}>
          Avbryt
        </button>
        <button
          type="submit"
          className={`button button--${props.tone ?? 'danger'}`}
          disabled={props.pending}
          aria-busy={props.pending}
        >
          {props.submitLabel}
        </button>
      </div>
    </form>
  );
}
