import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { failureMessage } from '../../../lib/api-client.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { answerStillForSale } from '../api/my-ads-api.ts';

type State =
  { kind: 'working' } | { kind: 'done'; message: string; title: string } | { kind: 'failed'; message: string };

/**
 * /mina-annonser/svar#annons=…&svar=…&token=…: a one-click answer of the mail 'Är bilen fortfarande till salu?',
 * without a login (the token is in the fragment, so it reaches no server log). A forged, used or old link is
 * answered with the server's Swedish message.
 */
export function AdAnswerPage() {
  useDocumentTitle('Är bilen fortfarande till salu?');
  const { hash } = useLocation();
  const [state, setState] = useState<State>({ kind: 'working' });
  useEffect(() => {
    const params = new URLSearchParams(hash.replace(/^#/, ''));
    let live = true;
    answerStillForSale(params.get('annons') ?? '', params.get('svar') ?? '', params.get('token') ?? '').then(
      (answer) => live && setState({ kind: 'done', message: answer.message, title: answer.title }),
      (error: unknown) => live && setState({ kind: 'failed', message: failureMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [hash]);

  return (
    <div className="ad-answer-page">
      <h1>Är bilen fortfarande till salu?</h1>
      {state.kind === 'working' && <Spinner label="Sparar svaret..." />}
      {state.kind === 'done' && (
        <p className="notice" role="status">
          {state.title}: {state.message}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="alert" role="alert">
          {state.message}
        </p>
      )}
      {state.kind !== 'working' && (
        <p>
          <Link to="/mina-annonser">Till Mina annonser</Link>
        </p>
      )}
    </div>
  );
}
