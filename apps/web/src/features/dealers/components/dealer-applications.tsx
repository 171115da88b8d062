import { useId, useState, type FormEvent } from 'react';
import type { DealerApplication } from '@bilmarknaden/shared/schemas/dealer-account-schemas';
import { findKommun } from '@bilmarknaden/shared/places';
import { rejectRules } from '@bilmarknaden/shared/validation/dealer';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatCreated } from '../../../lib/format.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDealerApplications, useDecideApplication } from '../api/dealer-api.ts';
import '../dealers.css';

/** One application with 'Godkänn' and 'Avslå' (which asks for the reason the applicant is mailed). */
function Application({
  application,
  onDecided,
}: {
  application: DealerApplication;
  onDecided: (text: string) => void;
}) {
  const id = useId();
  const decide = useDecideApplication();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const a = application;
  const kommun = a.kommun ? findKommun(a.kommun)?.name : null;

  function reject(e: FormEvent) {
    e.preventDefault();
    const failure = lastFailure(rejectRules, { reason: reason.trim() });
    if (failure) {
      setError(failure.message);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    decide.mutate(
      { id: a.id, reason: reason.trim() },
      {
        onSuccess: () => onDecided(`Ansökan från ${a.name} är avslagen.`),
        onError: (err) => setError(failureMessage(err)),
      },
    );
  }

  return (
    <li className="card dealer-application">
      <h3 id={`${id}-heading`}>{a.name}</h3>
      <dl className="dealer-application__facts">
        <div>
          <dt>Organisationsnummer</dt>
          <dd>{a.orgNumber}</dd>
        </div>
        <div>
          <dt>Adress</dt>
          <dd>
            {a.street}, {a.postalCode} {a.city}
            {kommun ? ` (${kommun})` : ''}
          </dd>
        </div>
        <div>
          <dt>Telefon</dt>
          <dd>{a.phone}</dd>
        </div>
        <div>
          <dt>Sökande</dt>
          <dd>@{a.owner}</dd>
        </div>
        <div>
          <dt>Inkommen</dt>
          <dd>{formatCreated(a.created)}</dd>
        </div>
      </dl>
      {a.presentation && <p className="dealer-application__presentation">{a.presentation}</p>}
      <div className="dealer-application__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={decide.isPending}
          aria-describedby={`${id}-heading`}
          onClick={() =>
            decide.mutate(
              { id: a.id },
              {
                onSuccess: () => onDecided(`${a.name} är godkänd som handlare.`),
                onError: (err) => setError(failureMessage(err)),
              },
            )
          }
        >
          Godkänn
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={rejecting}
          aria-describedby={`${id}-heading`}
          onClick={() => setRejecting((r) => !r)}
        >
          Avslå
        </button>
      </div>
      {rejecting && (
        <form className="form" noValidate onSubmit={reject}>
          <div className="field">
            <label htmlFor={`${id}-reason`}>Skäl till avslaget (mejlas till den sökande)</label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          <button type="submit" className="button" disabled={decide.isPending}>
            Avslå ansökan
          </button>
        </form>
      )}
      {error && (
        <p id={`${id}-error`} className="alert" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** The Kontrollpanel's 'Handlare att godkänna': the applications waiting, oldest first. */
export function DealerApplications() {
  const applications = useDealerApplications();
  const [announcement, setAnnouncement] = useState('');
  return (
    <section aria-labelledby="dealer-applications-heading">
      <h2 id="dealer-applications-heading" tabIndex={-1}>
        Handlare att godkänna
      </h2>
      <div aria-live="polite">{announcement && <p role="status">{announcement}</p>}</div>
      {applications.isPending && <Spinner />}
      {applications.isError && <QueryError onRetry={() => void applications.refetch()} />}
      {applications.data?.length === 0 && <p>Inga ansökningar väntar.</p>}
      {applications.data && applications.data.length > 0 && (
        <ul className="dealer-applications">
          {applications.data.map((a) => (
            <Application
              key={a.id}
              application={a}
              onDecided={(text) => {
                setAnnouncement(text);
                document.getElementById('dealer-applications-heading')?.focus();
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
