import { ROLES } from '@bilmarknaden/shared/constants';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
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
  if (loading) return <Spinner />;
  const allowed = role === ROLES.moderator || role === ROLES.administrator;
  return (
    <section className="page">
      <h1>Kontrollpanel</h1>
      {allowed ? <FeedbackInbox /> : <p>Ingen behörighet</p>}
    </section>
  );
}
