import { useId } from 'react';
import { Link } from 'react-router';
import type { OwnConversationReport, OwnHiddenCar, OwnReport, OwnUserReport } from '@bilmarknaden/shared/api-types';
import { formatCreated } from '../../../lib/format.ts';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { useSessionToken } from '../../../lib/session-store.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useOwnHiddenCars } from '../../../lib/hidden-queries.ts';
import { useOwnConversationReports, useOwnReports, useOwnUserReports } from '../api/reports-api.ts';
import { ReviewRequest } from './review-request.tsx';
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

/** /reports: 'Mina anmälningar' (ads, users, conversations) with their outcome, and the user's own ads the moderators hid. */
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
      <OwnUserReports />
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

/** What became of a report of a user, as the reporter is told (the moderator is never named). */
const USER_OUTCOME: Record<OwnUserReport['outcome'], string> = {
  open: 'Vi tittar på det',
  blocked: 'Användaren är spärrad',
  dismissed: 'Vi hittade inget brott mot reglerna',
};

function OwnUserReports() {
  const reports = useOwnUserReports();
  // Shown once there is something to show: most users never report a user.
  if (reports.isPending || (reports.isSuccess && reports.data.length === 0)) return null;
  return (
    <section aria-labelledby="own-user-reports-heading">
      <h2 id="own-user-reports-heading">Användare du har anmält</h2>
      {reports.isError ? (
        <QueryError onRetry={() => void reports.refetch()} />
      ) : (
        <ul className="report-list" aria-labelledby="own-user-reports-heading">
          {reports.data.map((r) => (
            <li key={r.id} className="report-list__item">
              <p className="report-list__title">
                {r.outcome === 'blocked' ? (
                  `@${r.username}`
                ) : (
                  <Link to={`/user/${encodeURIComponent(r.username)}`}>@{r.username}</Link>
                )}
              </p>
              <p className="report-list__meta">
                {r.reason} · <time dateTime={r.created}>{formatCreated(r.created)}</time>
              </p>
              <p className={`report-list__outcome report-list__outcome--${r.outcome}`}>
                <span className="visually-hidden">Besked: </span>
                {USER_OUTCOME[r.outcome]}
              </p>
            </li>
          ))}
        </ul>
      )}
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
  return (
    <article aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="report-list__title">
        <Link to={`/car/${car.id}`}>{car.title}</Link>
      </h3>
      <p className="report-list__outcome report-list__outcome--hidden">
        Dold av moderatorerna <time dateTime={car.hiddenAt}>{formatCreated(car.hiddenAt)}</time>. Anledning:{' '}
        {car.reason}
      </p>
      <ReviewRequest carId={car.id} reviewRequestedAt={car.reviewRequestedAt} reviewDecidedAt={car.reviewDecidedAt} />
    </article>
  );
}
