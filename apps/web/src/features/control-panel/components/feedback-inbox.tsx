import { MoreRow } from '../../../components/car-results.tsx';
import { formatCreated } from '../../../lib/format.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useFeedback } from '../api/use-feedback.ts';

/** The feedback visitors sent, newest first, for moderators and administrators ('Mer' for older). */
export function FeedbackInbox() {
  const feedback = useFeedback();
  let body;
  if (feedback.isPending) body = <Spinner />;
  else if (feedback.isError && !feedback.data) body = <QueryError onRetry={() => void feedback.refetch()} />;
  else {
    const items = feedback.data.pages.flat();
    body =
      items.length === 0 ? (
        <p>Ingen feedback ännu.</p>
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
      <h2 id="feedback-inbox-heading">Feedback</h2>
      {body}
    </section>
  );
}
