import { useId, useRef, useState, type FormEvent } from 'react';
import { WatchNameField } from './watch-name-field.tsx';
import { Link } from 'react-router';
import type { Watch } from '@bilmarknaden/shared/api-types';
import {
  MAX_WATCHES,
  WATCH_NOTIFY,
  WATCH_NOTIFY_LABELS,
  watchChips,
  watchNameMessage,
  watchSearchHref,
  type WatchNotify,
} from '@bilmarknaden/shared/watches';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { useSessionToken } from '../../../lib/session-store.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeleteWatch, useUpdateWatch, useWatches, type WatchChange } from '../api/watches-api.ts';
import '../watches.css';

const newLabel = (n: number) => `${n} ${n === 1 ? 'ny' : 'nya'}`;

/** /bevakningar: the user's saved searches with their new ads, and the controls of each. */
export function WatchesPage() {
  useDocumentTitle('Bevakningar');
  const token = useSessionToken();
  const watches = useWatches();
  const update = useUpdateWatch();
  const remove = useDeleteWatch();
  const [removing, setRemoving] = useState<Watch | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const change = (watch: Watch, patch: Omit<WatchChange, 'id'>, done: string) =>
    update.mutate({ id: watch.id, ...patch }, { onSuccess: () => setAnnouncement(done) });

  let body;
  if (!token)
    body = (
      <div className="login-prompt">
        <p>Logga in för att se dina bevakningar.</p>
        <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
          Logga in
        </button>
      </div>
    );
  else if (watches.isPending) body = <Spinner />;
  else if (watches.isError) body = <QueryError onRetry={() => void watches.refetch()} />;
  else if (watches.data.length === 0)
    body = (
      <p>
        Du har inga bevakningar. Välj filter eller sök på <Link to="/">startsidan</Link> och tryck på Bevaka sökning.
      </p>
    );
  else
    body = (
      <ul className="watch-list" aria-label="Bevakningar">
        {watches.data.map((watch) => (
          <WatchItem
            key={watch.id}
            watch={watch}
            busy={update.isPending}
            onChange={(patch, done) => change(watch, patch, done)}
            onRemove={() => setRemoving(watch)}
          />
        ))}
      </ul>
    );

  return (
    <div className="watches-page">
      <h1 ref={heading} tabIndex={-1}>
        Bevakningar
      </h1>
      <p className="watches-page__hint">
        Du kan ha upp till {MAX_WATCHES} bevakningar. Nya bilar som matchar en sökning räknas här och i menyn.
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {update.isError && (
        <p role="alert" className="alert">
          {failureMessage(update.error)}
        </p>
      )}
      {body}
      <ConfirmDialog
        open={removing !== null}
        title="Ta bort bevakningen?"
        description={removing ? `Bevakningen ${removing.name} tas bort och du får inga fler mejl om den.` : ''}
        error={remove.isError ? remove.error : null}
        failedMessage="Bevakningen kunde inte tas bort. Försök igen."
        pending={remove.isPending}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setAnnouncement(`Bevakningen ${removing.name} är borttagen`);
              setRemoving(null);
            },
          })
        }
        focusAfterConfirm={() => heading.current?.focus()}
      />
    </div>
  );
}

interface WatchItemProps {
  watch: Watch;
  busy: boolean;
  onChange: (patch: Omit<WatchChange, 'id'>, done: string) => void;
  onRemove: () => void;
}

function WatchItem({ watch, busy, onChange, onRemove }: WatchItemProps) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(watch.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const ids = { title: useId(), notify: useId() };
  const renameButton = useRef<HTMLButtonElement>(null);

  const rename = (e: FormEvent) => {
    e.preventDefault();
    const message = watchNameMessage(name);
    setNameError(message);
    if (message) return;
    onChange({ name: name.trim() }, `Bevakningen heter nu ${name.trim()}`);
    setRenaming(false);
    requestAnimationFrame(() => renameButton.current?.focus());
  };

  return (
    <li className="watch-item" aria-labelledby={ids.title}>
      <div className="watch-item__head">
        <h2 id={ids.title} className="watch-item__name">
          {watch.name}
        </h2>
        {watch.newCount > 0 && <span className="watch-item__new">{newLabel(watch.newCount)}</span>}
        {watch.paused && <span className="watch-item__paused">Pausad</span>}
      </div>
      <ul className="watch-chips" aria-label="Filter">
        {watchChips(watch.query).map((chip) => (
          <li key={chip} className="watch-chip">
            {chip}
          </li>
        ))}
      </ul>
      <p className="watch-item__links">
        <Link to={`/bevakningar/${watch.id}`} aria-label={`Visa bilarna i ${watch.name}`}>
          Visa bilarna
        </Link>
        <Link to={watchSearchHref(watch.query)} aria-label={`Öppna sökningen ${watch.name}`}>
          Öppna sökningen
        </Link>
      </p>
      {renaming ? (
        <form className="watch-item__rename" onSubmit={rename} noValidate>
          <WatchNameField label="Nytt namn" value={name} onChange={setName} error={nameError} autoFocus />
          <button type="submit" className="button button--primary">
            Spara namnet
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setRenaming(false);
              setName(watch.name);
              setNameError(null);
            }}
          >
            Avbryt
          </button>
        </form>
      ) : null}
      <div className="watch-item__controls">
        <div className="field watch-item__notify">
          <label htmlFor={ids.notify}>Meddela mig</label>
          <select
            id={ids.notify}
            value={watch.notify}
            disabled={busy}
            onChange={(e) => {
              const notify = e.target.value as WatchNotify;
              onChange({ notify }, `${watch.name}: ${WATCH_NOTIFY_LABELS[notify]}`);
            }}
          >
            {WATCH_NOTIFY.map((value) => (
              <option key={value} value={value}>
                {WATCH_NOTIFY_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {!renaming && (
          <button
            ref={renameButton}
            type="button"
            className="button button--secondary"
            onClick={() => setRenaming(true)}
            aria-label={`Byt namn på ${watch.name}`}
          >
            Byt namn
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          aria-label={`${watch.paused ? 'Återuppta' : 'Pausa'} ${watch.name}`}
          onClick={() =>
            onChange({ paused: !watch.paused }, watch.paused ? `${watch.name} bevakas igen` : `${watch.name} är pausad`)
          }
        >
          {watch.paused ? 'Återuppta' : 'Pausa'}
        </button>
        <button type="button" className="button button--danger" onClick={onRemove} aria-label={`Ta bort ${watch.name}`}>
          Ta bort
        </button>
      </div>
    </li>
  );
}
