import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Conversation } from '@bilmarknaden/shared/api-types';
import { SAFETY_PATH } from '@bilmarknaden/shared/page-paths';
import { MESSAGE_WARNING } from '@bilmarknaden/shared/validation/message-warnings';
import { NoPhoto, Photo } from '../../../components/photo.tsx';
import { failureMessage, isNotFound } from '../../../lib/api-client.ts';
import { formatCreated } from '../../../lib/format.ts';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { useSessionToken } from '../../../lib/session-store.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { MorePages } from '../../../components/more-pages.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { messagesOf, useConversation, useMarkRead, useSendMessage, useSetBlocked } from '../api/messaging-api.ts';
import { partyName } from '../utils/party-name.ts';
import { MessageForm } from './message-form.tsx';
import { ReportDialog } from './report-dialog.tsx';
import { ContractSection } from './contract-section.tsx';
import '../messages.css';

const CAR_STATE_LABELS: Record<Conversation['car']['state'], string | null> = {
  active: null,
  removed: 'Annonsen är borttagen',
  sold: 'Såld',
};

/** Whether the user sees the page: a hidden tab does not mark anything read. */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/** /messages/{id}: the ad, the messages in order, the answer box; marks the messages read as they are shown. */
export function ConversationPage() {
  const { id: rawId = '' } = useParams();
  const id = /^\d{1,15}$/.test(rawId) ? Number(rawId) : 0;
  const token = useSessionToken();
  const conversation = useConversation(id);

  if (!token)
    return (
      <div className="messages-page">
        <h1>Meddelanden</h1>
        <div className="login-prompt">
          <p>Logga in för att se konversationen.</p>
          <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
            Logga in
          </button>
        </div>
      </div>
    );
  // Someone else's conversation answers 404 as one that does not exist.
  if (id === 0 || isNotFound(conversation.error))
    return (
      <div className="messages-page">
        <h1>Konversationen finns inte</h1>
        <p>
          <Link to="/messages">Till dina meddelanden</Link>
        </p>
      </div>
    );
  if (conversation.isPending) return <Spinner label="Laddar konversationen..." />;
  if (conversation.isError && !conversation.data) return <QueryError onRetry={() => void conversation.refetch()} />;
  // A fresh view per conversation: what it marked read and where focus went belong to one conversation.
  return <ConversationView key={id} id={id} query={conversation} />;
}

function ConversationView({ id, query }: { id: number; query: ReturnType<typeof useConversation> }) {
  const data = query.data!;
  const head = data.pages[0]!;
  const who = partyName(head.otherParty.username);
  const messages = messagesOf(data);
  useDocumentTitle(`Konversation med ${who}`);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  // Read up to the newest message once it is shown in a visible tab.
  const visible = usePageVisible();
  const { mutate: markRead } = useMarkRead(id);
  const markedUpTo = useRef(0);
  const newest = messages.at(-1);
  useEffect(() => {
    if (!visible || !newest || newest.id <= markedUpTo.current) return;
    markedUpTo.current = newest.id;
    markRead(newest.id);
  }, [visible, newest, markRead]);

  const send = useSendMessage(id);
  const block = useSetBlocked(id);
  const [reportOpen, setReportOpen] = useState(false);
  const [notice, setNotice] = useState('');
  const stateLabel = CAR_STATE_LABELS[head.car.state];
  const blocked = head.blocked.byMe || head.blocked.byOther;

  return (
    <div className="messages-page conversation">
      <p className="conversation__back">
        <Link to="/messages">← Alla meddelanden</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        Konversation med {who}
      </h1>
      <section className="conversation__ad" aria-label="Annonsen">
        <div className="conversation__ad-media">
          {head.car.photo ? <Photo src={head.car.photo} alt="" width={96} height={72} eager /> : <NoPhoto />}
        </div>
        <div>
          {head.car.state === 'removed' ? (
            <p className="conversation__ad-title">{head.car.title}</p>
          ) : (
            <Link className="conversation__ad-title" to={`/car/${head.car.id}`}>
              {head.car.title}
            </Link>
          )}
          {stateLabel && <p className="conversation__ad-state">{stateLabel}</p>}
          <p className="muted conversation__role">{head.iAmSeller ? 'Du säljer bilen' : `Säljare: ${who}`}</p>
        </div>
      </section>

      <div className="conversation__tools">
        {head.otherParty.username !== null && (
          <button
            type="button"
            className="button button--secondary"
            disabled={block.isPending}
            onClick={() => {
              const next = !head.blocked.byMe;
              setNotice('');
              block.mutate(next, {
                onSuccess: () => setNotice(next ? `Du har blockerat ${who}.` : `Du har slutat blockera ${who}.`),
              });
            }}
          >
            {head.blocked.byMe ? `Sluta blockera ${who}` : `Blockera ${who}`}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={() => setReportOpen(true)}>
          Rapportera konversationen
        </button>
      </div>
      <div aria-live="polite">
        {notice && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
      </div>
      {block.isError && (
        <p className="alert" role="alert">
          {failureMessage(block.error)}
        </p>
      )}

      <ContractSection conversationId={id} canWrite={head.otherParty.username !== null} />

      <MorePages
        query={query}
        label="Visa äldre meddelanden"
        className="button button--ghost conversation__older"
        failed="Äldre meddelanden kunde inte hämtas."
      />
      <ol className="message-list" aria-label="Meddelanden">
        {messages.map((m) => (
          <li key={m.id} className={`message ${m.fromMe ? 'message--mine' : ''}`}>
            {m.warning && (
              <p className="message__warning" role="note">
                {MESSAGE_WARNING.notice} <Link to={SAFETY_PATH}>{MESSAGE_WARNING.link}</Link>
              </p>
            )}
            <p className="message__meta">
              <span className="message__sender">{m.fromMe ? 'Du' : who}</span>{' '}
              <time dateTime={m.sentAt}>{formatCreated(m.sentAt)}</time>
            </p>
            <p className="message__text">{m.text}</p>
          </li>
        ))}
      </ol>

      {blocked ? (
        <p className="conversation__blocked" role="note">
          {head.blocked.byMe
            ? `Du har blockerat ${who}. Inga meddelanden kan skickas i konversationen.`
            : 'Du kan inte skicka meddelanden i den här konversationen.'}
        </p>
      ) : head.otherParty.username === null ? (
        <p className="conversation__blocked" role="note">
          Kontot är raderat. Inga meddelanden kan skickas.
        </p>
      ) : (
        <MessageForm
          label="Ditt svar"
          className="conversation__answer"
          send={async (text) => void (await send.mutateAsync(text))}
        />
      )}
      <ReportDialog conversationId={id} open={reportOpen} onOpenChange={setReportOpen} />
    </div>
  );
}
