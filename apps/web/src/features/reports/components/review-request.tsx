import { useId, useState, type FormEvent } from 'react';
import { failingRules } from '@bilmarknaden/shared/validation/rules';
import { normalizeReview, reviewRequestRules } from '@bilmarknaden/shared/validation/moderation';
import { failureMessage } from '../../../lib/api-client.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useRequestReview } from '../api/reports-api.ts';

interface ReviewRequestProps {
  carId: number;
  reviewRequestedAt: string | null;
  reviewDecidedAt: string | null;
}

/**
 * 'Begär omprövning' of an own hidden ad, or where the request stands: once per hiding, checked by the shared
 * rules the server uses ('Mina anmälningar' and the hidden ad's own page).
 */
export function ReviewRequest({ carId, reviewRequestedAt, reviewDecidedAt }: ReviewRequestProps) {
  const id = useId();
  const request = useRequestReview(carId);
  const [text, setText] = useState('');
  const [attempted, setAttempted] = useState(false);
  const failure = attempted ? failingRules(reviewRequestRules, normalizeReview({ text })).at(-1) : undefined;

  if (reviewDecidedAt) return <p>Vi har prövat annonsen igen och den förblir dold.</p>;
  if (reviewRequestedAt) return <p role="status">Du har begärt omprövning. Vi hör av oss när den är gjord.</p>;

  function submit(e: FormEvent) {
    e.preventDefault();
    setAttempted(true);
    if (failingRules(reviewRequestRules, normalizeReview({ text })).length > 0) {
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    if (!request.isPending) request.mutate(normalizeReview({ text }).text);
  }

  const error = failure ? failure.message : request.isError ? failureMessage(request.error) : null;
  return (
    <form className="form review-form" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-text`}>Varför ska annonsen visas igen? (du kan begära omprövning en gång)</label>
        <textarea
          id={`${id}-text`}
          rows={3}
          value={text}
          aria-describedby={error ? `${id}-alert` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {error && (
        <p id={`${id}-alert`} className="alert" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={request.isPending} aria-busy={request.isPending}>
        {request.isPending && <Spinner size="small" label="Skickar..." />}
        Begär omprövning
      </button>
    </form>
  );
}
