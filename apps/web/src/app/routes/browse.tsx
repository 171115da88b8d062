import { kommunNamed } from '@bilmarknaden/shared/places';
import { BrowsePage } from '../../features/browse/components/browse-page.tsx';
import { useCurrentUser } from '../../features/auth/hooks/use-current-user.ts';

/** /browse/cars with the distance filter prefilled by the kommun of the user's registered city. */
export default function BrowseRoute() {
  const city = useCurrentUser().data?.city;
  return <BrowsePage homeKommun={city ? kommunNamed(city)?.code : undefined} />;
}
