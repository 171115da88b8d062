import { ControlPanelPage } from '../../features/control-panel/components/control-panel-page.tsx';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user.ts';

export default function ControlPanelRoute() {
  const { data, isLoading } = useCurrentUser();
  return <ControlPanelPage role={data?.role} loading={isLoading} />;
}
