import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ConversationSummary } from '@bilmarknaden/shared/api-types';
import { NoPhoto, Photo } from '../../../components/photo.tsx';
import { formatCreated } from '../../../lib/format.ts';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { useSessionToken } from '../../../lib/session-store.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { MorePages } from '../../../components/more-pages.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useInbox } from '../api/messaging-api.ts';
import { partyName } from '../utils/party-name.ts';
import '../messages.css';

/** /messages: the user's conversations, the latest first, a page at a time. */
export function InboxPage() {
  useDocumentTitle('Meddelanden');
  const token = useSessionToken();
  const inbox = useInbox();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  let body;
  if (!token)
    body = (
      <div className="login-prompt">
        <p>Logga in för att se dina meddelanden.</p>
        <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
          Logga in
        </button>
      </div>
    );
  else if (inbox.isPending) body = <Spinner label="Laddar meddelanden..." />;
  else if (inbox.isError && !inbox.data) body = <QueryError onRetry={() => void inbox.refetch()} />;
  else {
    const conversations = inbox.data.pages.flatMap((p) => p.conversations);
    body =
      conversations.length === 0 ? (
        <p>Du har inga meddelanden än. Skriv till en säljare från en annons.</p>
      ) : (
        <>
          <ul className="inbox" aria-label="Konversationer">
            {conversations.map((c, i) => (
              <InboxRow key={c.id} conversation={c} eager={i < 4} />
            ))}
          </ul>
          <MorePages
            query={inbox}
            label="Visa fler"
            className="button button--secondary inbox__more"
            failed="Fler konversationer kunde inte hämtas."
          />
        </>
      );
  }

  return (
    <div className="messages-page">
      <h1 ref={heading} tabIndex={-1}>
        Meddelanden
      </h1>
      {body}
    </div>
  );
}

function InboxRow({ conversation: c, eager }: { conversation: ConversationSummary; eager: boolean }) {
  const who = partyName(c.otherParty.username);
  return (
    <li className={`inbox-row ${c.unread ? 'inbox-row--unread' : ''}`}>
      <Link to={`/messages/${c.id}`} className="inbox-row__link">
        <div className="inbox-row__media">
          {c.car.photo ? (
            <Photo src={c.car.photo} alt="" width={96} height={72} eager={eager} />
          ) : (
            <NoPhoto className="inbox-row__no-photo" />
          )}
        </div>
        <div className="inbox-row__body">
          <p className="inbox-row__top">
            <span className="inbox-row__title">{c.car.title}</span>
            {c.unread && (
              <span className="inbox-row__dot">
                <span className="visually-hidden">Oläst</span>
              </span>
            )}
          </p>
          <p className="inbox-row__party">{who}</p>
          <p className="inbox-row__last">
            {c.lastMessage.fromMe && <span>Du: </span>}
            {c.lastMessage.text}
          </p>
          <time className="inbox-row__time" dateTime={c.lastMessage.sentAt}>
            {formatCreated(c.lastMessage.sentAt)}
          </time>
        </div>
      </Link>
    </li>
  );
}
