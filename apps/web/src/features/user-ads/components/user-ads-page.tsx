import { useParams } from 'react-router';
import { useUserCars } from '../../../components/car-queries.ts';
import { CarResults } from '../../../components/car-results.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /user/{username}: "{username}'s bilannonser" and that seller's ads. */
export function UserAdsPage() {
  const { username = '' } = useParams();
  useDocumentTitle(`${username}'s bilannonser`);
  const cars = useUserCars(username);
  return (
    <div className="user-ads-page">
      <h1>{username}'s bilannonser</h1>
      <CarResults query={cars} label={`${username}s annonser`} listKey={username} />
    </div>
  );
}
