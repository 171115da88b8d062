import { useRef, useState } from 'react';
import type { FeedbackItem } from '@bilmarknaden/shared/api-types';
import { MoreRow } from '../../../components/car-results.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatCreated } from '../../../lib/format.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useFeedback, useMarkHandled, type FeedbackView } from '../api/use-feedback.ts';
import { RemoveFeedbackDialog } from './remove-feedback-dialog.tsx';

const VIEWS: [FeedbackView, string][] = [
  ['open', 'Ohanterad feedback'],
  ['all', 'All feedback'],
];

/**
 * The feedback visitors sent, newest first, for moderators and administrators ('Mer' for older): by default
 * only the unhandled; each can be marked handled (and opened again), with who marked it and when, or removed.
 */
export function FeedbackInbox() {
  const [view, setView] = useState<FeedbackView>('open');
  const feedback = useFeedback(view);
  const mark = useMarkHandled();
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const [removing, setRemoving] = useState<FeedbackItem | null>(null);

  const toggle = (f: FeedbackItem) => {
    const handled = f.handledAt === null;
    setAnnouncement('');
    mark.mutate(
      { id: f.id, handled },
      {
        onSuccess: () => {
          setAnnouncement(`”${f.title}” är markerad som ${handled ? 'hanterad' : 'ohanterad'}.`);
          // In the open view the item leaves the list with its button: keep the keyboard in the inbox.
          if (handled && view === 'open') heading.current?.focus();
        },
      },
    );
  };

  let body;
  if (feedback.isPending) body = <Spinner />;
  else if (feedback.isError && !feedback.data) body = <QueryError onRetry={() => void feedback.refetch()} />;
  else {
    const items = feedback.data.pages.flat();
    body =
      items.length === 0 ? (
        <p>{view === 'open' ? 'Ingen ohanterad feedback.' : 'Ingen feedback ännu.'}</p>
      ) : (
        <>
          <ul className="feedback-inbox" aria-labelledby="feedback-inbox-heading">
            {items.map((f) => (
              <li key={f.id}>
                <article className="feedback-item" aria-labelledby={`feedback-${f.id}`}>
                  <h3 id={`feedback-${f.id}`}>{f.title}</h3>
                  <p className="feedback-item__meta">
                    {f.name} (<a href={`mailto:${f.email}`}>{f.email}</a>){f.username ? `, @${f.username}` : ''} ·{' '}
                    <time dateTime={f.created}>{formatCreated(f.created)}</time>
                  </p>
                  <p className="feedback-item__content">{f.content}</p>
                  <div className="feedback-item__actions">
                    {f.handledAt !== null && (
                      <p className="feedback-item__handled">
                        Hanterad av @{f.handledBy} · <time dateTime={f.handledAt}>{formatCreated(f.handledAt)}</time>
                      </p>
                    )}
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-describedby={`feedback-${f.id}`}
                      disabled={mark.isPending && mark.variables?.id === f.id}
                      onClick={() => toggle(f)}
                    >
                      {f.handledAt === null ? 'Markera som hanterad' : 'Markera som ohanterad'}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-describedby={`feedback-${f.id}`}
                      onClick={() => {
                        setAnnouncement('');
                        setRemoving(f);
                      }}
                    >
                      Ta bort
                    </button>
                  </div>
                  {mark.isError && mark.variables?.id === f.id && (
                    <p className="alert" role="alert">
                      {failureMessage(mark.error)}
                    </p>
                  )}
                </article>
              </li>
            ))}
          </ul>
          <MoreRow query={feedback} />
        </>
      );
  }
  return (
    <section aria-labelledby="feedback-inbox-heading">
      <h2 id="feedback-inbox-heading" ref={heading} tabIndex={-1}>
        Feedback
      </h2>
      <fieldset className="feedback-view">
        <legend>Visa</legend>
        {VIEWS.map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="feedback-view"
              value={value}
              checked={view === value}
              onChange={() => {
                setAnnouncement('');
                mark.reset();
                setView(value);
              }}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {body}
      <RemoveFeedbackDialog
        feedback={removing}
        onClose={(removed) => {
          if (removed && removing) setAnnouncement(`”${removing.title}” är borttagen.`);
          setRemoving(null);
        }}
        focusAfterRemoval={() => heading.current?.focus()}
      />
    </section>
  );
}
