import { useId } from 'react';
import type { FlaggedMessage } from '@bilmarknaden/shared/api-types';
import { messageFlagLabel } from '@bilmarknaden/shared/validation/message-warnings';
import { formatCreated } from '../../../lib/format.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { MorePages } from '../../../components/more-pages.tsx';
import { useFlaggedMessages } from '../api/use-moderation.ts';

/**
 * 'Flaggade meddelanden' (issue #42): messages with a phone number, an address, a link or words of the usual scams,
 * newest first, each with the rules it tripped. Their recipients were warned; a moderator who sees a scam blocks the
 * sender under 'Anmälda användare' or waits for a report.
 */
export function FlaggedMessages() {
  const flagged = useFlaggedMessages();
  let body;
  if (flagged.isPending) body = <Spinner />;
  else if (flagged.isError && !flagged.data) body = <QueryError onRetry={() => void flagged.refetch()} />;
  else {
    const messages = flagged.data.pages.flatMap((p) => p.messages);
    body =
      messages.length === 0 ? (
        <p>Inga flaggade meddelanden.</p>
      ) : (
        <>
          <ul className="moderation-queue" aria-labelledby="flagged-messages-heading">
            {messages.map((m) => (
              <li key={m.id}>
                <FlaggedEntry message={m} />
              </li>
            ))}
          </ul>
          <MorePages
            query={flagged}
            label="Visa fler"
            className="button button--secondary"
            failed="Fler flaggade meddelanden kunde inte hämtas."
          />
        </>
      );
  }
  return (
    <section aria-labelledby="flagged-messages-heading">
      <h2 id="flagged-messages-heading">Flaggade meddelanden</h2>
      {body}
    </section>
  );
}

function FlaggedEntry({ message }: { message: FlaggedMessage }) {
  const id = useId();
  return (
    <article className="feedback-item moderation-item" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        Från @{message.sender} till @{message.recipient ?? '(raderat konto)'} om {message.carTitle}
      </h3>
      <p className="feedback-item__meta">
        <time dateTime={message.sentAt}>{formatCreated(message.sentAt)}</time> · Regler:{' '}
        {message.flags.map(messageFlagLabel).join(', ')}
      </p>
      <p className="feedback-item__content">{message.text}</p>
    </article>
  );
}
