import { useId, useState } from 'react';
import type { ConversationReport } from '@bilmarknaden/shared/api-types';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatCreated } from '../../../lib/format.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useConversationReports, useModerationAction } from '../api/use-moderation.ts';
import { ReasonForm } from './reason-form.tsx';

/**
 * Reported conversations, oldest first, with their newest messages: the moderators read them and may block the
 * party who broke the rules (the report itself stays with messaging).
 */
export function ConversationReports({ onDone }: { onDone: (message: string) => void }) {
  const reports = useConversationReports();
  let body;
  if (reports.isPending) body = <Spinner />;
  else if (reports.isError) body = <QueryError onRetry={() => void reports.refetch()} />;
  else if (reports.data.length === 0) body = <p>Inga anmälda konversationer.</p>;
  else
    body = (
      <ul className="moderation-queue" aria-labelledby="conversation-reports-heading">
        {reports.data.map((r) => (
          <li key={r.id}>
            <ConversationReportEntry report={r} onDone={onDone} />
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="conversation-reports-heading">
      <h2 id="conversation-reports-heading">Anmälda konversationer</h2>
      {body}
    </section>
  );
}

function ConversationReportEntry({ report, onDone }: { report: ConversationReport; onDone: (m: string) => void }) {
  const id = useId();
  const action = useModerationAction();
  const [blocking, setBlocking] = useState<string | null>(null);
  const parties = [report.seller, report.buyer].filter((p): p is string => p !== null);
  return (
    <article className="feedback-item moderation-item" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Konversation om {report.carTitle}</h3>
      <p className="feedback-item__meta">
        Säljare @{report.seller ?? '(raderat konto)'} · Köpare @{report.buyer ?? '(raderat konto)'} · Anmäld av{' '}
        {report.reportedBy === 'seller' ? 'säljaren' : report.reportedBy === 'buyer' ? 'köparen' : 'ett raderat konto'}{' '}
        · <time dateTime={report.created}>{formatCreated(report.created)}</time>
      </p>
      <p>
        <strong>{report.reason}</strong>
        {report.text && ` – ${report.text}`}
      </p>
      <details>
        <summary>Senaste meddelandena ({report.messages.length})</summary>
        <ol className="moderation-messages">
          {report.messages.map((m, i) => (
            <li key={i}>
              @{m.sender} · <time dateTime={m.sentAt}>{formatCreated(m.sentAt)}</time>
              <p className="feedback-item__content">{m.text}</p>
            </li>
          ))}
        </ol>
      </details>
      {action.isError && (
        <p className="alert" role="alert">
          {failureMessage(action.error)}
        </p>
      )}
      <div className="feedback-item__actions">
        {parties.map((p) => (
          <button key={p} type="button" className="button button--secondary" onClick={() => setBlocking(p)}>
            Spärra @{p}
          </button>
        ))}
      </div>
      {blocking && (
        <ReasonForm
          label={`Anledning till spärren av @${blocking} (sparas i granskningsloggen)`}
          submitLabel="Spärra"
          pending={action.isPending}
          onCancel={() => setBlocking(null)}
          onSubmit={(reason) =>
            action.mutate(
              { kind: 'block', username: blocking, blocked: true, reason },
              {
                onSuccess: () => {
                  setBlocking(null);
                  onDone(`@${blocking} är spärrad.`);
                },
              },
            )
          }
        />
      )}
    </article>
  );
}
