import { NewAdPage } from '../../features/new-ad/components/new-ad-page.tsx';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user.ts';

/** The new-ad form with the seller's registered city, which prefills the ad's place. */
export default function NewAdRoute() {
  const { data } = useCurrentUser();
  return <NewAdPage homeCity={data?.city} />;
}
