import { useId, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
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

/** The fields every kind of own report has. */
interface OwnReportRow {
  id: number;
  reason: string;
  created: string;
  outcome: string;
}

/**
 * One kind of the caller's reports with their outcome. With `empty` null the section shows only once there is
 * something to show (most users never report that kind).
 */
function ReportSection<R extends OwnReportRow>(props: {
  id: string;
  heading: string;
  reports: UseQueryResult<R[]>;
  empty: string | null;
  title: (report: R) => ReactNode;
  outcome: (report: R) => string;
}) {
  const { id, heading, reports, empty } = props;
  if (empty === null && (reports.isPending || (reports.isSuccess && reports.data.length === 0))) return null;
  let body;
  if (reports.isPending) body = <Spinner />;
  else if (reports.isError) body = <QueryError onRetry={() => void reports.refetch()} />;
  else if (reports.data.length === 0) body = <p>{empty}</p>;
  else
    body = (
      <ul className="report-list" aria-labelledby={id}>
        {reports.data.map((r) => (
          <li key={r.id} className="report-list__item">
            <p className="report-list__title">{props.title(r)}</p>
            <p className="report-list__meta">
              {r.reason} · <time dateTime={r.created}>{formatCreated(r.created)}</time>
            </p>
            <p className={`report-list__outcome report-list__outcome--${r.outcome}`}>
              <span className="visually-hidden">Besked: </span>
              {props.outcome(r)}
            </p>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {body}
    </section>
  );
}

function OwnReports() {
  return (
    <ReportSection<OwnReport>
      id="own-reports-heading"
      heading="Annonser du har anmält"
      reports={useOwnReports()}
      empty="Du har inte anmält någon annons."
      title={(r) => (r.outcome === 'hidden' ? r.title : <Link to={`/car/${r.carId}`}>{r.title}</Link>)}
      outcome={(r) => OUTCOME[r.outcome]}
    />
  );
}

function OwnConversationReports() {
  return (
    <ReportSection<OwnConversationReport>
      id="own-conversation-reports-heading"
      heading="Konversationer du har anmält"
      reports={useOwnConversationReports()}
      empty="Du har inte anmält någon konversation."
      title={(r) => (
        <Link to={`/messages/${r.conversationId}`}>
          Konversation med {r.otherParty === null ? 'ett raderat konto' : `@${r.otherParty}`} om {r.carTitle}
        </Link>
      )}
      outcome={(r) => CONVERSATION_OUTCOME[r.outcome]}
    />
  );
}

/** What became of a report of a user, as the reporter is told (the moderator is never named). */
const USER_OUTCOME: Record<OwnUserReport['outcome'], string> = {
  open: 'Vi tittar på det',
  blocked: 'Användaren är spärrad',
  dismissed: 'Vi hittade inget brott mot reglerna',
};

function OwnUserReports() {
  return (
    <ReportSection<OwnUserReport>
      id="own-user-reports-heading"
      heading="Användare du har anmält"
      reports={useOwnUserReports()}
      empty={null}
      title={(r) =>
        r.outcome === 'blocked' ? (
          `@${r.username}`
        ) : (
          <Link to={`/user/${encodeURIComponent(r.username)}`}>@{r.username}</Link>
        )
      }
      outcome={(r) => USER_OUTCOME[r.outcome]}
    />
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
