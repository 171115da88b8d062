import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { QueueItem } from '@bilmarknaden/shared/api-types';
import { failureMessage } from '../../../lib/api-client.ts';
import { formatCreated, formatPrice } from '../../../lib/format.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import {
  useModerationAction,
  useModerationCar,
  useModerationQueue,
  type ModerationAction,
} from '../api/use-moderation.ts';
import { ConversationReports } from './conversation-reports.tsx';
import { FlaggedMessages } from './flagged-messages.tsx';
import { ReportedUsers } from './reported-users.tsx';
import { ReasonForm } from './reason-form.tsx';

const STATUS: Record<QueueItem['status'], string> = { active: 'Till salu', sold: 'Såld', hidden: 'Dold' };

/**
 * The queue of the Kontrollpanel: open reports grouped by ad, most reported and oldest first, each with its reasons
 * and texts; an ad's details (as the public sees it, the seller's other ads and record) and the actions open below it.
 */
export function ModerationQueue() {
  const queue = useModerationQueue();
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const done = (message: string) => {
    setAnnouncement(message);
    heading.current?.focus();
  };

  let body;
  if (queue.isPending) body = <Spinner />;
  else if (queue.isError) body = <QueryError onRetry={() => void queue.refetch()} />;
  else if (queue.data.length === 0) body = <p>Inga öppna anmälningar eller annonser att granska.</p>;
  else
    body = (
      <ul className="moderation-queue" aria-labelledby="moderation-queue-heading">
        {queue.data.map((item) => (
          <li key={item.carId}>
            <QueueEntry item={item} onDone={done} />
          </li>
        ))}
      </ul>
    );
  return (
    <>
      <section aria-labelledby="moderation-queue-heading">
        <h2 id="moderation-queue-heading" ref={heading} tabIndex={-1}>
          Anmälda annonser
        </h2>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        {body}
      </section>
      <ReportedUsers onDone={done} />
      <ConversationReports onDone={done} />
      <FlaggedMessages />
    </>
  );
}

function QueueEntry({ item, onDone }: { item: QueueItem; onDone: (message: string) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <article className="feedback-item moderation-item" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{item.title}</h3>
      <p className="feedback-item__meta">
        @{item.seller} · {STATUS[item.status]} · {item.openReports}{' '}
        {item.openReports === 1 ? 'öppen anmälan' : 'öppna anmälningar'}
        {item.reviewRequested && <strong className="moderation-item__mark"> · Omprövning begärd</strong>}
        {item.heldForPrice && <strong className="moderation-item__mark"> · Granskas: mycket lågt pris</strong>}
      </p>
      {item.reports.length > 0 && (
        <ul className="moderation-reports">
          {item.reports.map((r) => (
            <li key={r.id}>
              <strong>{r.reason}</strong> · <time dateTime={r.created}>{formatCreated(r.created)}</time>
              {r.text && <p className="feedback-item__content">{r.text}</p>}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={`${id}-details`}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Dölj detaljer' : 'Granska'}
      </button>
      <div id={`${id}-details`} hidden={!open}>
        {open && <CarReview carId={item.carId} onDone={onDone} />}
      </div>
    </article>
  );
}

/** The ad as the moderators see it, with the seller's other ads and record, and the actions. */
function CarReview({ carId, onDone }: { carId: number; onDone: (message: string) => void }) {
  const view = useModerationCar(carId, true);
  const action = useModerationAction();
  const [form, setForm] = useState<'hide' | 'block' | null>(null);
  if (view.isPending) return <Spinner />;
  if (view.isError) return <QueryError onRetry={() => void view.refetch()} />;
  const { car, status, hidden, reports, sellerBlocked, sellerAds, sellerHistory } = view.data;
  const held = hidden?.heldForPrice ?? false;
  const run = (a: ModerationAction, message: string) =>
    action.mutate(a, {
      onSuccess: () => {
        setForm(null);
        onDone(message);
      },
    });

  return (
    <div className="moderation-review">
      <section aria-label="Annonsen som allmänheten ser den" className="moderation-review__ad">
        <p>
          <strong>{car.title}</strong> · {formatPrice(car.price)} · {car.make} {car.model} {car.year}
        </p>
        <p className="feedback-item__content">{car.description}</p>
        {status !== 'hidden' && <Link to={`/car/${car.id}`}>Öppna annonsen</Link>}
      </section>
      {hidden && (
        <div className="moderation-review__hidden">
          <p>
            {held ? 'Granskas sedan' : 'Dold'} <time dateTime={hidden.hiddenAt}>{formatCreated(hidden.hiddenAt)}</time>.
            Anledning: {hidden.reason}
          </p>
          {hidden.reviewText && (
            <p>
              Säljarens begäran om omprövning: <q>{hidden.reviewText}</q>
            </p>
          )}
        </div>
      )}
      <section aria-label="Säljaren">
        <p>
          Säljaren @{car.user}: {sellerHistory.reports} anmälningar totalt, {sellerHistory.hiddenAds} dolda annonser
          {sellerBlocked ? ' · Spärrad' : ''}
        </p>
        {sellerAds.length > 0 && (
          <ul className="moderation-seller-ads">
            {sellerAds.map((a) => (
              <li key={a.id}>
                {a.title} ({a.status === 'hidden' ? 'dold' : a.status === 'sold' ? 'såld' : 'till salu'}, {a.reports}{' '}
                anmälningar)
              </li>
            ))}
          </ul>
        )}
      </section>
      {action.isError && (
        <p className="alert" role="alert">
          {failureMessage(action.error)}
        </p>
      )}
      <div className="feedback-item__actions">
        {held ? (
          <>
            <button
              type="button"
              className="button"
              disabled={action.isPending}
              onClick={() => run({ kind: 'restore', carId }, `”${car.title}” är godkänd och visas nu.`)}
            >
              Godkänn annonsen
            </button>
            <button type="button" className="button button--danger" onClick={() => setForm('hide')}>
              Dölj annonsen
            </button>
          </>
        ) : status !== 'hidden' || !hidden ? (
          <button type="button" className="button button--danger" onClick={() => setForm('hide')}>
            Dölj annonsen
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={action.isPending}
            onClick={() => run({ kind: 'restore', carId }, `”${car.title}” visas igen.`)}
          >
            Visa annonsen igen
          </button>
        )}
        {(!held || reports.length > 0) && (
          <button
            type="button"
            className="button button--secondary"
            disabled={action.isPending}
            onClick={() =>
              run(
                { kind: 'dismiss', carId },
                hidden?.reviewText ? `”${car.title}” förblir dold.` : `Anmälningarna av ”${car.title}” är avfärdade.`,
              )
            }
          >
            {hidden?.reviewText ? 'Behåll dold' : 'Avfärda anmälningarna'}
          </button>
        )}
        {sellerBlocked ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={action.isPending}
            onClick={() =>
              run(
                { kind: 'block', username: car.user, blocked: false, reason: '' },
                `@${car.user} är inte längre spärrad.`,
              )
            }
          >
            Häv spärren av säljaren
          </button>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => setForm('block')}>
            Spärra säljaren
          </button>
        )}
      </div>
      {form && (
        <ReasonForm
          label={
            form === 'hide'
              ? 'Anledning till att annonsen döljs (säljaren ser den)'
              : 'Anledning till spärren (sparas i granskningsloggen)'
          }
          submitLabel={form === 'hide' ? 'Dölj' : 'Spärra'}
          pending={action.isPending}
          onCancel={() => setForm(null)}
          onSubmit={(reason) =>
            form === 'hide'
              ? run({ kind: 'hide', carId, reason }, `”${car.title}” är dold.`)
              : run({ kind: 'block', username: car.user, blocked: true, reason }, `@${car.user} är spärrad.`)
          }
        />
      )}
    </div>
  );
}
