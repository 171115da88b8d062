import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { failureMessage } from '../../../lib/api-client.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { unsubscribe } from '../api/watches-api.ts';

type State =
  { kind: 'working' } | { kind: 'done'; message: string; name: string } | { kind: 'failed'; message: string };

/**
 * /bevakningar/avsluta#bevakning=…&token=…: a mail's one-click link stops that bevakning's mails, without a login
 * (the token is in the fragment, so it reaches no server log).
 */
export function UnsubscribePage() {
  useDocumentTitle('Avsluta mejl om bevakning');
  const { hash } = useLocation();
  const [state, setState] = useState<State>({ kind: 'working' });
  useEffect(() => {
    const params = new URLSearchParams(hash.replace(/^#/, ''));
    const watch = params.get('bevakning') ?? '';
    const token = params.get('token') ?? '';
    let live = true;
    unsubscribe(watch, token).then(
      (answer) => live && setState({ kind: 'done', message: answer.message, name: answer.name }),
      (error: unknown) => live && setState({ kind: 'failed', message: failureMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [hash]);

  return (
    <div className="unsubscribe-page">
      <h1>Avsluta mejl om bevakning</h1>
      {state.kind === 'working' && <Spinner label="Avslutar..." />}
      {state.kind === 'done' && (
        <p className="notice" role="status">
          {state.message}: {state.name}. Bevakningen finns kvar under <Link to="/bevakningar">Bevakningar</Link>.
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="alert" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
