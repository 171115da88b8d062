import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { OwnConversationReport, OwnHiddenCar, OwnReport } from '@bilmarknaden/shared/api-types';
import { failingRules } from '@bilmarknaden/shared/validation/rules';
import { normalizeReview, reviewRequestRules } from '@bilmarknaden/shared/validation/moderation';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatCreated } from '../../../lib/format.ts';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { useSessionToken } from '../../../lib/session-store.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOwnHiddenCars } from '../../../lib/hidden-queries.ts';
import { useOwnConversationReports, useOwnReports, useRequestReview } from '../api/reports-api.ts';
import '../reports.css';

/** What became of a report, as the reporter is told (the moderator is never named). */
const OUTCOME: Record<OwnReport['outcome'], string> = {
  open: 'Vi tittar på det',
  hidden: 'Annonsen är borttagen',
  dismissed: 'Vi hittade inget brott mot reglerna',
};

/** What became of a report of a conversation (the moderator is never named). */
const CONVERSATION_OUTCOME: Record<OwnConversationReport['outcome'], string> = {
  open: 'Vi tittar på det',
  handled: 'Vi har vidtagit åtgärder',
  dismissed: 'Vi hittade inget brott mot reglerna',
};

/** /reports: 'Mina anmälningar' with their outcome, and the user's own ads the moderators hid. */
export function ReportsPage() {
  useDocumentTitle('Mina anmälningar');
  const token = useSessionToken();
  if (!token)
    return (
      <section className="page">
        <h1>Mina anmälningar</h1>
        <div className="login-prompt">
          <p>Logga in för att se dina anmälningar.</p>
          <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
            Logga in
          </button>
        </div>
      </section>
    );
  return (
    <section className="page reports-page">
      <h1>Mina anmälningar</h1>
      <HiddenAds />
      <OwnReports />
      <OwnConversationReports />
    </section>
  );
}

function OwnReports() {
  const reports = useOwnReports();
  let body;
  if (reports.isPending) body = <Spinner />;
  else if (reports.isError) body = <QueryError onRetry={() => void reports.refetch()} />;
  else if (reports.data.length === 0) body = <p>Du har inte anmält någon annons.</p>;
  else
    body = (
      <ul className="report-list" aria-labelledby="own-reports-heading">
        {reports.data.map((r) => (
          <li key={r.id} className="report-list__item">
            <p className="report-list__title">
              {r.outcome === 'hidden' ? r.title : <Link to={`/car/${r.carId}`}>{r.title}</Link>}
            </p>
            <p className="report-list__meta">
              {r.reason} · <time dateTime={r.created}>{formatCreated(r.created)}</time>
            </p>
            <p className={`report-list__outcome report-list__outcome--${r.outcome}`}>
              <span className="visually-hidden">Besked: </span>
              {OUTCOME[r.outcome]}
            </p>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="own-reports-heading">
      <h2 id="own-reports-heading">Annonser du har anmält</h2>
      {body}
    </section>
  );
}

function OwnConversationReports() {
  const reports = useOwnConversationReports();
  let body;
  if (reports.isPending) body = <Spinner />;
  else if (reports.isError) body = <QueryError onRetry={() => void reports.refetch()} />;
  else if (reports.data.length === 0) body = <p>Du har inte anmält någon konversation.</p>;
  else
    body = (
      <ul className="report-list" aria-labelledby="own-conversation-reports-heading">
        {reports.data.map((r) => (
          <li key={r.id} className="report-list__item">
            <p className="report-list__title">
              <Link to={`/messages/${r.conversationId}`}>
                Konversation med {r.otherParty === null ? 'ett raderat konto' : `@${r.otherParty}`} om {r.carTitle}
              </Link>
            </p>
            <p className="report-list__meta">
              {r.reason} · <time dateTime={r.created}>{formatCreated(r.created)}</time>
            </p>
            <p className={`report-list__outcome report-list__outcome--${r.outcome}`}>
              <span className="visually-hidden">Besked: </span>
              {CONVERSATION_OUTCOME[r.outcome]}
            </p>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="own-conversation-reports-heading">
      <h2 id="own-conversation-reports-heading">Konversationer du har anmält</h2>
      {body}
    </section>
  );
}

function HiddenAds() {
  const hidden = useOwnHiddenCars();
  if (hidden.isPending || hidden.isError || hidden.data.length === 0) return null;
  return (
    <section aria-labelledby="hidden-ads-heading">
      <h2 id="hidden-ads-heading">Dina dolda annonser</h2>
      <ul className="report-list">
        {hidden.data.map((car) => (
          <li key={car.id} className="report-list__item">
            <HiddenAd car={car} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function HiddenAd({ car }: { car: OwnHiddenCar }) {
  const id = useId();
  const request = useRequestReview(car.id);
  const [text, setText] = useState('');
  const [attempted, setAttempted] = useState(false);
  const failure = attempted ? failingRules(reviewRequestRules, normalizeReview({ text })).at(-1) : undefined;

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
    <article aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="report-list__title">
        {car.title}
      </h3>
      <p className="report-list__outcome report-list__outcome--hidden">
        Dold av moderatorerna <time dateTime={car.hiddenAt}>{formatCreated(car.hiddenAt)}</time>. Anledning:{' '}
        {car.reason}
      </p>
      {car.reviewDecidedAt ? (
        <p>Vi har prövat annonsen igen och den förblir dold.</p>
      ) : car.reviewRequestedAt ? (
        <p role="status">Du har begärt omprövning. Vi hör av oss när den är gjord.</p>
      ) : (
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
      )}
    </article>
  );
}
