import { useLiveMessages } from '../hooks/use-live-messages.ts';

/** The tab's live connection and its polite live region: 'Nytt meddelande från {username}'. */
export function LiveMessages() {
  const { text, id } = useLiveMessages();
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {/* A new node per announcement: the same words twice are read twice. */}
      {text && <span key={id}>{text}</span>}
    </p>
  );
}
