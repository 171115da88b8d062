import { useState } from 'react';
import { Link } from 'react-router';
import { failureMessage } from '../../../lib/api-client.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useAcceptInvite } from '../api/dealer-api.ts';
import { LoginNeeded } from './login-needed.tsx';
import '../dealers.css';

/** The link's token: in the fragment (`#token=…`), which the browser never sends to a server. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/** /mitt-foretag/inbjudan#token=…: the logged-in user joins the dealer that invited them. */
export function InvitePage() {
  useDocumentTitle('Inbjudan till ett företag');
  const { loggedIn } = useSession();
  const [token] = useState(() => tokenOf(window.location.hash));
  const accept = useAcceptInvite();

  let body;
  if (!token) body = <p className="alert">Länken saknar inbjudan. Öppna länken i mejlet igen.</p>;
  else if (!loggedIn) body = <LoginNeeded what="gå med i företaget som bjöd in dig" />;
  else if (accept.isSuccess)
    body = (
      <div className="notice" role="status">
        <p>Du är nu medlem i {accept.data.name}.</p>
        <p>
          <Link to="/mitt-foretag">Gå till Mitt företag</Link>
        </p>
      </div>
    );
  else
    body = (
      <>
        <p>Du har blivit inbjuden att sälja bilar för ett företag på Bilmarknaden.</p>
        {accept.isError && (
          <p className="alert" role="alert">
            {failureMessage(accept.error)}
          </p>
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={accept.isPending}
          aria-busy={accept.isPending}
          onClick={() => accept.mutate(token)}
        >
          {accept.isPending && <Spinner size="small" label="Går med..." />}
          Gå med i företaget
        </button>
      </>
    );
  return (
    <section className="page dealer-invite-page">
      <h1>Inbjudan</h1>
      {body}
    </section>
  );
}
