import type { ReactNode } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { isStaffRole, ROLES } from '@bilmarknaden/shared/constants';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/session-store.ts';
import { AuditLog } from './audit-log.tsx';
import { FeedbackInbox } from './feedback-inbox.tsx';
import { ModerationQueue } from './moderation-queue.tsx';
import '../control-panel.css';

const TABS = ['reports', 'feedback', 'dealers', 'audit'];

interface ControlPanelPageProps {
  /** The current user's role; undefined while loading or logged out. */
  role: number | undefined;
  loading: boolean;
  /** 'Handlare att godkänna' (the dealers feature), composed in by the app. */
  dealerApplications?: ReactNode;
}

/**
 * /controlpanel: for moderators (2) and administrators (3), the reported ads ('Anmälningar'), the feedback visitors
 * sent, and for administrators the audit log of moderator actions.
 */
export function ControlPanelPage({ role, loading, dealerApplications }: ControlPanelPageProps) {
  useDocumentTitle('Kontrollpanel');
  const { loggedIn } = useSession();
  // The tab is in the address (?tab=feedback), so a link or a reload opens it.
  const [params, setParams] = useSearchParams();
  const tab = TABS.includes(params.get('tab') ?? '') ? params.get('tab')! : 'reports';
  if (loading) return <Spinner />;
  const allowed = isStaffRole(role);
  let body;
  if (allowed)
    body = (
      <Tabs.Root
        value={tab === 'audit' && role !== ROLES.administrator ? 'reports' : tab}
        onValueChange={(value) => setParams(value === 'reports' ? {} : { tab: value }, { replace: true })}
        className="control-panel-tabs"
      >
        <Tabs.List className="control-panel-tabs__list" aria-label="Kontrollpanelen">
          <Tabs.Trigger value="reports" className="control-panel-tabs__tab">
            Anmälningar
          </Tabs.Trigger>
          <Tabs.Trigger value="feedback" className="control-panel-tabs__tab">
            Feedback
          </Tabs.Trigger>
          {dealerApplications && (
            <Tabs.Trigger value="dealers" className="control-panel-tabs__tab">
              Handlare att godkänna
            </Tabs.Trigger>
          )}
          {role === ROLES.administrator && (
            <Tabs.Trigger value="audit" className="control-panel-tabs__tab">
              Granskningslogg
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="reports">
          <ModerationQueue />
        </Tabs.Content>
        <Tabs.Content value="feedback">
          <FeedbackInbox />
        </Tabs.Content>
        {dealerApplications && <Tabs.Content value="dealers">{dealerApplications}</Tabs.Content>}
        {role === ROLES.administrator && (
          <Tabs.Content value="audit">
            <AuditLog />
          </Tabs.Content>
        )}
      </Tabs.Root>
    );
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
