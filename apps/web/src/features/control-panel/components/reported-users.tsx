import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { UserQueueItem } from '@bilmarknaden/shared/api-types';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatCreated } from '../../../lib/format.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useModerationAction, useReportedUsers, type ModerationAction } from '../api/use-moderation.ts';
import { ReasonForm } from './reason-form.tsx';

const AD_STATUS: Record<string, string> = { active: 'till salu', sold: 'såld', hidden: 'dold' };

/**
 * 'Anmälda användare': users with open reports, most reported and oldest first, with the reasons and texts, the
 * user's ads and record. A block (identity's) decides the reports; 'Ingen överträdelse' dismisses them.
 */
export function ReportedUsers({ onDone }: { onDone: (message: string) => void }) {
  const users = useReportedUsers();
  // A block reaches the reports through identity's relay, a moment after the answer: the entry leaves at once.
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const shown = users.data?.filter((u) => !decided.has(u.username)) ?? [];
  const done = (username: string, message: string) => {
    setDecided((d) => new Set(d).add(username));
    onDone(message);
  };

  let body;
  if (users.isPending) body = <Spinner />;
  else if (users.isError) body = <QueryError onRetry={() => void users.refetch()} />;
  else if (shown.length === 0) body = <p>Inga anmälda användare.</p>;
  else
    body = (
      <ul className="moderation-queue" aria-labelledby="reported-users-heading">
        {shown.map((item) => (
          <li key={item.username}>
            <ReportedUser item={item} onDone={done} />
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="reported-users-heading">
      <h2 id="reported-users-heading">Anmälda användare</h2>
      {body}
    </section>
  );
}

function ReportedUser({ item, onDone }: { item: UserQueueItem; onDone: (username: string, message: string) => void }) {
  const id = useId();
  const action = useModerationAction();
  const [blocking, setBlocking] = useState(false);
  const run = (a: ModerationAction, message: string) =>
    action.mutate(a, {
      onSuccess: () => {
        setBlocking(false);
        onDone(item.username, message);
      },
    });
  const { history } = item;
  return (
    <article className="feedback-item moderation-item" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>@{item.username}</h3>
      <p className="feedback-item__meta">
        {item.openReports} {item.openReports === 1 ? 'öppen anmälan' : 'öppna anmälningar'} · först{' '}
        <time dateTime={item.firstReportedAt}>{formatCreated(item.firstReportedAt)}</time>
        {item.blocked && <strong className="moderation-item__mark"> · Spärrad</strong>}
      </p>
      <ul className="moderation-reports">
        {item.reports.map((r) => (
          <li key={r.id}>
            <strong>{r.reason}</strong> · <time dateTime={r.created}>{formatCreated(r.created)}</time>
            {r.text && <p className="feedback-item__content">{r.text}</p>}
          </li>
        ))}
      </ul>
      <p>
        Historik: {history.userReports} anmälningar av användaren, {history.adReports} av hens annonser,{' '}
        {history.hiddenAds} dolda annonser ·{' '}
        <Link to={`/user/${encodeURIComponent(item.username)}`}>Öppna användarens sida</Link>
      </p>
      {item.ads.length > 0 ? (
        <ul className="moderation-seller-ads" aria-label={`Annonser av @${item.username}`}>
          {item.ads.map((a) => (
            <li key={a.id}>
              {a.status === 'hidden' ? a.title : <Link to={`/car/${a.id}`}>{a.title}</Link>} (
              {AD_STATUS[a.status] ?? a.status}, {a.reports} anmälningar)
            </li>
          ))}
        </ul>
      ) : (
        <p>Inga annonser.</p>
      )}
      {action.isError && (
        <p className="alert" role="alert">
          {failureMessage(action.error)}
        </p>
      )}
      <div className="feedback-item__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={action.isPending}
          onClick={() =>
            run({ kind: 'dismiss-user', username: item.username }, `Anmälningarna av @${item.username} är avfärdade.`)
          }
        >
          Ingen överträdelse
        </button>
        {!item.blocked && (
          <button type="button" className="button button--danger" onClick={() => setBlocking(true)}>
            Spärra användaren
          </button>
        )}
      </div>
      {blocking && (
        <ReasonForm
          label={`Anledning till spärren av @${item.username} (sparas i granskningsloggen)`}
          submitLabel="Spärra"
          pending={action.isPending}
          onCancel={() => setBlocking(false)}
          onSubmit={(reason) =>
            run({ kind: 'block', username: item.username, blocked: true, reason }, `@${item.username} är spärrad.`)
          }
        />
      )}
    </article>
  );
}
