import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { FEED_LIMITS, rowErrorText } from '@bilmarknaden/shared/dealer-feed';
import type { ImportRun } from '@bilmarknaden/shared/schemas/dealer-import-schemas';
import { ApiRequestError, failureMessage } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { useSessionToken } from '../../../lib/session-store.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useImportRuns, useUploadFeed } from '../api/dealer-import-api.ts';
import '../dealer-import.css';

const STATUS_LABELS: Record<ImportRun['status'], string> = {
  queued: 'Väntar',
  running: 'Pågår',
  done: 'Klar',
  failed: 'Misslyckades',
};
const SOURCE_LABELS: Record<ImportRun['source'], string> = {
  upload: 'Uppladdad',
  'api-key': 'Via API-nyckel',
  schedule: 'Hämtad enligt schema',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('sv-SE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Stockholm' });

/**
 * /handlare/{slug}/import: a dealer's members (and staff) upload the stock feed, follow its progress and read the
 * reports with their row errors (issue 45). docs/dealer-feed.md describes the file.
 */
export function DealerImportPage() {
  const { slug = '' } = useParams();
  useDocumentTitle('Importera lager');
  const token = useSessionToken();
  const runs = useImportRuns(slug);

  let body;
  if (!token)
    body = (
      <div className="login-prompt">
        <p>Logga in som handlarens medarbetare för att importera lagret.</p>
        <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
          Logga in
        </button>
      </div>
    );
  else if (runs.isPending) body = <Spinner />;
  else if (runs.isError) {
    const status = runs.error instanceof ApiRequestError ? runs.error.status : 0;
    body =
      status === 403 || status === 404 ? (
        <p role="alert">{failureMessage(runs.error)}</p>
      ) : (
        <QueryError onRetry={() => void runs.refetch()} />
      );
  } else
    body = (
      <>
        <UploadForm slug={slug} />
        <section aria-labelledby="import-runs-heading">
          <h2 id="import-runs-heading">Importer</h2>
          {runs.data.length === 0 ? (
            <p>Inga importer ännu.</p>
          ) : (
            <ol className="import-runs">
              {runs.data.map((run) => (
                <RunItem key={run.id} run={run} />
              ))}
            </ol>
          )}
        </section>
      </>
    );

  return (
    <div className="dealer-import-page">
      <p>
        <Link to={`/handlare/${encodeURIComponent(slug)}`}>Till handlarens sida</Link>
      </p>
      <h1>Importera lager</h1>
      {body}
    </div>
  );
}

function UploadForm({ slug }: { slug: string }) {
  const ids = useId();
  const upload = useUploadFeed(slug);
  const file = useRef<HTMLInputElement>(null);
  const [full, setFull] = useState(true);
  const [missing, setMissing] = useState(false);
  const [done, setDone] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = file.current?.files?.[0];
    setDone('');
    if (!chosen) {
      setMissing(true);
      file.current?.focus();
      return;
    }
    setMissing(false);
    upload.mutate(
      { file: chosen, full },
      {
        onSuccess: (queued) => {
          setDone(`Flödet med ${formatNumber(queued.total)} bilar importeras.`);
          if (file.current) file.current.value = '';
        },
      },
    );
  };
  const error = missing ? 'Välj en fil med flödet' : upload.isError ? failureMessage(upload.error) : '';

  return (
    <form className="import-upload" onSubmit={submit} aria-labelledby={`${ids}-heading`} noValidate>
      <h2 id={`${ids}-heading`}>Ladda upp flöde</h2>
      <div className="field">
        <label htmlFor={`${ids}-file`}>Flödesfil (CSV, JSON eller zip med bilder)</label>
        <input
          ref={file}
          id={`${ids}-file`}
          name="feed"
          type="file"
          accept=".csv,.json,.zip,text/csv,application/json,application/zip"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${ids}-hint${error ? ` ${ids}-error` : ''}`}
        />
        <p id={`${ids}-hint`} className="field-note">
          Högst {formatNumber(FEED_LIMITS.rows)} bilar. Kolumnerna beskrivs i dokumentationen för handlarflöden.
        </p>
        {error && (
          <p id={`${ids}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="field field--checkbox">
        <input id={`${ids}-full`} type="checkbox" checked={full} onChange={(e) => setFull(e.target.checked)} />
        <label htmlFor={`${ids}-full`}>Hela lagret: bilar som saknas i flödet markeras som sålda</label>
      </div>
      <button type="submit" className="button button--primary" disabled={upload.isPending}>
        {upload.isPending ? 'Laddar upp…' : 'Ladda upp'}
      </button>
      <p role="status" className="import-upload__status">
        {done}
      </p>
    </form>
  );
}

function RunItem({ run }: { run: ImportRun }) {
  const ids = useId();
  const c = run.counts;
  return (
    <li className={`import-run import-run--${run.status}`}>
      <h3 id={`${ids}-title`} className="import-run__title">
        {when(run.created)} · {STATUS_LABELS[run.status]}
      </h3>
      <p className="import-run__meta">
        {SOURCE_LABELS[run.source]}
        {run.startedBy ? ` av ${run.startedBy}` : ''} · {run.format.toUpperCase()} ·{' '}
        {run.full ? 'hela lagret' : 'delflöde'}
      </p>
      <div className="import-run__progress">
        <label htmlFor={`${ids}-progress`}>
          {formatNumber(run.done)} av {formatNumber(run.total)} rader
        </label>
        <progress id={`${ids}-progress`} max={Math.max(run.total, 1)} value={run.done} />
      </div>
      <p className="import-run__counts">
        {formatNumber(c.created)} nya · {formatNumber(c.updated)} ändrade · {formatNumber(c.unchanged)} oförändrade ·{' '}
        {formatNumber(c.sold)} sålda · {formatNumber(c.errors)} fel
      </p>
      {run.failure && <p className="import-run__failure">{run.failure}</p>}
      {run.errors.length > 0 && (
        <details className="import-run__errors">
          <summary>Visa fel ({formatNumber(c.errors)})</summary>
          <ul>
            {run.errors.map((e) => (
              <li key={`${e.row}-${e.field ?? ''}`}>{rowErrorText(e)}</li>
            ))}
          </ul>
          {c.errors > run.errors.length && <p>Bara de första {formatNumber(run.errors.length)} felen visas.</p>}
        </details>
      )}
    </li>
  );
}
