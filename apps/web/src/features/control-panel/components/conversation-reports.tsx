import { useId, useRef, useState } from 'react';
import type { ConversationReport } from '@bilmarknaden/shared/api-types';
import {
  CONVERSATION_REPORT_OUTCOME_LABELS,
  normalizeReportDecision,
  reportDecisionRules,
  type ConversationReportOutcome,
} from '@bilmarknaden/shared/validation/report-decision';
import { failingRules } from '@bilmarknaden/shared/validation/rules';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatCreated } from '../../../lib/format.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useConversationReports, useModerationAction } from '../api/use-moderation.ts';
import { ReasonForm } from './reason-form.tsx';

/** What the announcement says after a decision. */
const DECIDED: Record<ConversationReportOutcome, string> = {
  handled: 'markerad som åtgärdad',
  dismissed: 'markerad: ingen överträdelse',
};

/**
 * Reported conversations, oldest first, with their newest messages: the moderators read them, may block the party
 * who broke the rules, and decide the report ('Åtgärdad' / 'Ingen överträdelse'), which tells the reporter.
 */
export function ConversationReports({ onDone }: { onDone: (message: string) => void }) {
  const reports = useConversationReports();
  const heading = useRef<HTMLHeadingElement>(null);
  // A decided report leaves the list: the keyboard goes back to the list's heading.
  const decided = (message: string) => {
    onDone(message);
    heading.current?.focus();
  };
  let body;
  if (reports.isPending) body = <Spinner />;
  else if (reports.isError) body = <QueryError onRetry={() => void reports.refetch()} />;
  else if (reports.data.length === 0) body = <p>Inga anmälda konversationer.</p>;
  else
    body = (
      <ul className="moderation-queue" aria-labelledby="conversation-reports-heading">
        {reports.data.map((r) => (
          <li key={r.id}>
            <ConversationReportEntry report={r} onDone={onDone} onDecided={decided} />
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="conversation-reports-heading">
      <h2 id="conversation-reports-heading" ref={heading} tabIndex={-1}>
        Anmälda konversationer
      </h2>
      {body}
    </section>
  );
}

function ConversationReportEntry({
  report,
  onDone,
  onDecided,
}: {
  report: ConversationReport;
  onDone: (m: string) => void;
  onDecided: (m: string) => void;
}) {
  const id = useId();
  const action = useModerationAction();
  const [blocking, setBlocking] = useState<string | null>(null);
  // The decision being made, with the note it starts with (after a block: what was done).
  const [deciding, setDeciding] = useState<{ outcome: ConversationReportOutcome; note: string; intro?: string } | null>(
    null,
  );
  const decide = (outcome: ConversationReportOutcome, note: string) =>
    action.mutate(
      { kind: 'decide-conversation-report', reportId: report.id, outcome, note },
      { onSuccess: () => onDecided(`Anmälan om konversationen om ${report.carTitle} är ${DECIDED[outcome]}.`) },
    );
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
        {(['handled', 'dismissed'] as const).map((outcome) => (
          <button
            key={outcome}
            type="button"
            className="button button--secondary"
            onClick={() => {
              setBlocking(null);
              setDeciding({ outcome, note: '' });
            }}
          >
            {CONVERSATION_REPORT_OUTCOME_LABELS[outcome]}
          </button>
        ))}
        {parties.map((p) => (
          <button
            key={p}
            type="button"
            className="button button--secondary"
            onClick={() => {
              setDeciding(null);
              setBlocking(p);
            }}
          >
            Spärra @{p}
          </button>
        ))}
      </div>
      {deciding && (
        <DecisionForm
          key={`${deciding.outcome}-${deciding.note}`}
          {...deciding}
          pending={action.isPending}
          onCancel={() => setDeciding(null)}
          onSubmit={(note) => decide(deciding.outcome, note)}
        />
      )}
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
                  // The same flow may close the report: offered at once, with the block as its note.
                  setDeciding({
                    outcome: 'handled',
                    note: `Spärrade @${blocking}: ${reason}`,
                    intro: `@${blocking} är spärrad. Markera anmälan som åtgärdad?`,
                  });
                },
              },
            )
          }
        />
      )}
    </article>
  );
}

/** A decision's optional note for the audit log, checked by the shared rules the server uses. */
function DecisionForm(props: {
  outcome: ConversationReportOutcome;
  note: string;
  intro?: string | undefined;
  pending: boolean;
  onSubmit: (note: string) => void;
  onCancel: () => void;
}) {
  const check = (note: string) => {
    const input = normalizeReportDecision({ outcome: props.outcome, note });
    return { text: input.note, failure: failingRules(reportDecisionRules, input).at(-1)?.message };
  };
  return (
    <ReasonForm
      label="Anteckning (valfri, sparas i granskningsloggen, visas inte för anmälaren)"
      submitLabel={props.outcome === 'handled' ? 'Markera som åtgärdad' : 'Markera: ingen överträdelse'}
      intro={props.intro ?? `Markera anmälan: ${CONVERSATION_REPORT_OUTCOME_LABELS[props.outcome]}`}
      initial={props.note}
      tone="primary"
      check={check}
      pending={props.pending}
      onSubmit={props.onSubmit}
      onCancel={props.onCancel}
    />
  );
}
