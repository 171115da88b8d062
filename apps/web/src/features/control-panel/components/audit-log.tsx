import { useId, useState, type FormEvent } from 'react';
import type { AuditEntry } from '@bilmarknaden/shared/api-types';
import { AUDIT_ACTIONS } from '@bilmarknaden/shared/schemas/moderation-schemas';
import { formatCreated } from '../../../lib/format.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useAuditLog, type AuditFilter } from '../api/use-moderation.ts';

const ACTION_LABELS: Record<AuditEntry['action'], string> = {
  hide: 'Dolde annons',
  restore: 'Visade annons igen',
  dismiss: 'Avfärdade anmälningar',
  'keep-hidden': 'Behöll dold efter omprövning',
  block: 'Spärrade användare',
  unblock: 'Hävde spärr',
  'conversation-handled': 'Åtgärdade anmäld konversation',
  'conversation-dismissed': 'Avfärdade anmäld konversation',
};

/** 'Granskningslogg' (administrators): every moderator action, newest first, filtered by who, what, whom and when. */
export function AuditLog() {
  const id = useId();
  const [draft, setDraft] = useState<AuditFilter>({});
  const [filter, setFilter] = useState<AuditFilter>({});
  const log = useAuditLog(filter);
  const field = (name: keyof AuditFilter, label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type={type}
        value={draft[name] ?? ''}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
      />
    </div>
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    setFilter(Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== '')));
  }

  let body;
  if (log.isPending) body = <Spinner />;
  else if (log.isError) body = <QueryError onRetry={() => void log.refetch()} />;
  else if (log.data.length === 0) body = <p>Inga åtgärder matchar filtret.</p>;
  else
    body = (
      <table className="audit-log">
        <caption className="visually-hidden">Moderatorernas åtgärder, nyaste först</caption>
        <thead>
          <tr>
            <th scope="col">När</th>
            <th scope="col">Vem</th>
            <th scope="col">Åtgärd</th>
            <th scope="col">Gäller</th>
            <th scope="col">Anledning</th>
          </tr>
        </thead>
        <tbody>
          {log.data.map((e) => (
            <tr key={e.id}>
              <td>
                <time dateTime={e.at}>{formatCreated(e.at)}</time>
              </td>
              <td>@{e.actor}</td>
              <td>{ACTION_LABELS[e.action]}</td>
              <td>
                {[
                  typeof e.conversationId === 'number' && `Konversation ${e.conversationId}`,
                  e.carId !== null && `Annons ${e.carId}`,
                  e.username && `@${e.username}`,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </td>
              <td>{e.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Granskningslogg</h2>
      <form className="audit-filter" onSubmit={submit}>
        {field('actor', 'Moderator (användarnamn)')}
        <div className="field">
          <label htmlFor={`${id}-action`}>Åtgärd</label>
          <select
            id={`${id}-action`}
            value={draft.action ?? ''}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          >
            <option value="">Alla</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </div>
        {field('username', 'Gäller användare')}
        {field('from', 'Från', 'date')}
        {field('to', 'Till', 'date')}
        <button type="submit" className="button">
          Filtrera
        </button>
      </form>
      {body}
    </section>
  );
}
