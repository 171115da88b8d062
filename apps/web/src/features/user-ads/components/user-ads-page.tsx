import { useEffect, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useUserCars } from '../../../lib/car-queries.ts';
import { CarResults } from '../../../components/car-results.tsx';
import { ApiRequestError, isNotFound } from '../../../lib/api-client.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSellerProfile } from '../../../lib/seller-queries.ts';
import { SellerBox } from '../../../components/seller-box.tsx';
import '../user-ads.css';

interface UserAdsPageProps {
  /** 'Anmäl användare' (the reports feature), composed in by the app; it offers nothing on one's own page. */
  reportButton?: (username: string) => ReactNode;
}

/**
 * /user/{username}: "{username}'s bilannonser" and that seller's ads. A name with neither an ad nor an account goes
 * to /notfound, as the server answers the page 404 (server/src/page-data.ts); a seller without ads keeps the page.
 */
export function UserAdsPage({ reportButton }: UserAdsPageProps = {}) {
  const { username = '' } = useParams();
  const navigate = useNavigate();
  useDocumentTitle(`${username}'s bilannonser`);
  const cars = useUserCars(username);
  // Only an empty first window raises the question (a blank name is refused with 400): the profile settles it.
  const noAds =
    (cars.isSuccess && cars.data.pages[0]?.length === 0) ||
    (cars.isError && !cars.data && cars.error instanceof ApiRequestError && cars.error.status === 400);
  const profile = useSellerProfile(username, noAds);
  const missing = noAds && isNotFound(profile.error);

  useEffect(() => {
    if (missing) navigate('/notfound', { replace: true });
  }, [missing, navigate]);

  if (missing) return <Spinner />;
  return (
    <div className="user-ads-page">
      <div className="user-ads-page__header">
        <h1>{username}'s bilannonser</h1>
        {reportButton?.(username)}
      </div>
      <SellerBox username={username} />
      {noAds && profile.isPending ? (
        <Spinner />
      ) : (
        <CarResults query={cars} label={`${username}s annonser`} listKey={username} />
      )}
    </div>
  );
}
