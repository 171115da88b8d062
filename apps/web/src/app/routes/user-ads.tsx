import { UserAdsPage } from '../../features/user-ads/components/user-ads-page.tsx';

export default function UserAdsRoute() {
  return <UserAdsPage />;
}
