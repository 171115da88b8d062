import { useRef } from 'react';
import { failureMessage } from '../../../lib/api-client.ts';
import { useFocusAfterRemoval } from '../../../lib/focus-after-removal.ts';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { useDismissRemoved, useSavedCars, useSavedRemoved, useToggleSaved } from '../api/saved-cars.ts';
import { formatCreated } from '../../../lib/format.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSessionToken } from '../../../lib/session-store.ts';
import { SavedRow } from './saved-row.tsx';
import '../saved.css';

/** /saved/cars: 'Sparade bilar', newest saved first. */
export function SavedPage() {
  useDocumentTitle('Sparade bilar');
  const token = useSessionToken();
  const saved = useSavedCars();
  const toggle = useToggleSaved();
  const removed = useSavedRemoved();
  const dismiss = useDismissRemoved();
  const heading = useRef<HTMLHeadingElement>(null);
  // A removed row's button goes with it: the keyboard moves to the row that took its place, or the heading.
  const focus = useFocusAfterRemoval<HTMLUListElement>('.saved-row__remove', saved.data, () =>
    heading.current?.focus(),
  );

  let body;
  if (!token)
    body = (
      <div className="login-prompt">
        <p>Logga in för att se dina sparade bilar.</p>
        <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
          Logga in
        </button>
      </div>
    );
  else if (saved.isPending) body = <Spinner />;
  else if (saved.isError) body = <QueryError onRetry={() => void saved.refetch()} />;
  else if (saved.data.length === 0 && !removed.data?.length) body = <p>Du har inga sparade bilar.</p>;
  else
    body = (
      <>
        <p className="saved-page__hint">Svep en rad åt vänster eller tryck på Ta bort för att ta bort den.</p>
        {toggle.isError && (
          // A removal the server refused: the row is back in the list (rolled back) and this says why.
          <p className="alert saved-page__alert" role="alert">
            {failureMessage(toggle.error)}
          </p>
        )}
        <ul ref={focus.container} className="saved-list" aria-label="Sparade bilar">
          {saved.data.map((car, i) => (
            <SavedRow
              key={car.id}
              car={car}
              eager={i < 4}
              onRemove={() => {
                focus.removing(i);
                toggle.mutate(car);
              }}
            />
          ))}
        </ul>
      </>
    );

  return (
    <div className="saved-page">
      <h1 ref={heading} tabIndex={-1}>
        Sparade bilar
      </h1>
      {body}
      {token && removed.data && removed.data.length > 0 && (
        <section className="saved-removed" aria-labelledby="saved-removed-heading">
          <h2 id="saved-removed-heading">Borttagna annonser</h2>
          <p>Säljaren har tagit bort de här annonserna sedan du sparade dem.</p>
          {dismiss.isError && (
            <p className="alert" role="alert">
              {failureMessage(dismiss.error)}
            </p>
          )}
          <ul className="saved-removed__list">
            {removed.data.map((r) => (
              <li key={r.id} className="saved-removed__item">
                <span>
                  <strong>{r.title}</strong> – Borttagen{' '}
                  <time dateTime={r.removedAt}>{formatCreated(r.removedAt)}</time>
                </span>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    heading.current?.focus();
                    dismiss.mutate(r.id);
                  }}
                  aria-label={`Ta bort ${r.title} från listan`}
                >
                  Ta bort
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
