import { isStaffRole } from '@bilmarknaden/shared/constants';
import { ControlPanelPage } from '../../features/control-panel/components/control-panel-page.tsx';
import { NotFoundPage } from '../../features/not-found/components/not-found-page.tsx';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user.ts';
import { DealerApplications } from '../../features/dealers/components/dealer-applications.tsx';

/** The Kontrollpanel; a logged-in user who is neither moderator nor administrator gets the not-found screen. */
export default function ControlPanelRoute() {
  const { data, isLoading } = useCurrentUser();
  if (data && !isStaffRole(data.role)) return <NotFoundPage />;
  return <ControlPanelPage role={data?.role} loading={isLoading} dealerApplications={<DealerApplications />} />;
}
