import { ROLES } from '@bilmarknaden/shared/constants';
import { Spinner } from '../../lib/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

interface ControlPanelPageProps {
  /** The current user's role; undefined while loading or logged out. */
  role: number | undefined;
  loading: boolean;
}

/** /controlpanel: a placeholder for moderators (2) and administrators (3). */
export function ControlPanelPage({ role, loading }: ControlPanelPageProps) {
  useDocumentTitle('Kontrollpanel');
  if (loading) return <Spinner />;
  const allowed = role === ROLES.moderator || role === ROLES.administrator;
  return (
    <section className="page">
      <h1>Kontrollpanel</h1>
      {allowed ? <p>Här kommer verktyg för moderatorer och administratörer att finnas.</p> : <p>Ingen behörighet</p>}
    </section>
  );
}
