import { ROLES } from '@bilmarknaden/shared/constants';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/session-store.ts';
import { FeedbackInbox } from './feedback-inbox.tsx';
import '../control-panel.css';

interface ControlPanelPageProps {
  /** The current user's role; undefined while loading or logged out. */
  role: number | undefined;
  loading: boolean;
}

/** /controlpanel: for moderators (2) and administrators (3), the feedback visitors sent. */
export function ControlPanelPage({ role, loading }: ControlPanelPageProps) {
  useDocumentTitle('Kontrollpanel');
  const { loggedIn } = useSession();
  if (loading) return <Spinner />;
  const allowed = role === ROLES.moderator || role === ROLES.administrator;
  let body;
  if (allowed) body = <FeedbackInbox />;
  else if (!loggedIn)
    // As on the other pages that need a login: say so and offer it, rather than only 'Ingen behörighet'.
    body = (
      <div className="login-prompt">
        <p>Logga in som moderator eller administratör för att se kontrollpanelen.</p>
        <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
          Logga in
        </button>
      </div>
    );
  else body = <p>Ingen behörighet</p>;
  return (
    <section className="page">
      <h1>Kontrollpanel</h1>
      {body}
    </section>
  );
}
