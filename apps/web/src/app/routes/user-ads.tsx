import { UserAdsPage } from '../../features/user-ads/components/user-ads-page.tsx';
import { ReportUserButton } from '../../features/reports/components/report-user-button.tsx';

/** A user's page with 'Anmäl användare' (not on one's own). */
export default function UserAdsRoute() {
  return <UserAdsPage reportButton={(username) => <ReportUserButton username={username} />} />;
}
