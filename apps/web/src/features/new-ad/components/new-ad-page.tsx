import { PRICE_HOLD_PUBLISHED } from '@bilmarknaden/shared/price-hold';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { kommunNamed } from '@bilmarknaden/shared/places';
import { inventoryUrl } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useSessionToken } from '../../../lib/session-store.ts';
import { uploadAd } from '../api/upload-ad.ts';
import { AdForm } from './ad-form.tsx';

interface NewAdPageProps {
  /** The seller's registered city: its kommun, when it names one, is the ad's place to begin with. */
  homeCity?: string;
}

export const AD_PUBLISHED = 'Din annons är publicerad';

/**
 * /new/car: 'Ny bilannons'; logged out goes to /signup; success goes to / with a confirmation, or to the ad's page
 * when it is held for its price.
 */
export function NewAdPage({ homeCity }: NewAdPageProps) {
  useDocumentTitle('Ny bilannons');
  const token = useSessionToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!token) return <Navigate to="/signup" replace />;
  return (
    <div className="ad-page">
      <h1>Ny bilannons</h1>
      <AdForm
        submitLabel="Publicera annons"
        defaultKommun={homeCity ? kommunNamed(homeCity)?.code : undefined}
        onSubmit={async ({ form, onProgress }) => {
          const created = await uploadAd({
            method: 'POST',
            url: inventoryUrl(inventoryPaths.createCar),
            body: form,
            onProgress,
          });
          await queryClient.invalidateQueries({ queryKey: ['cars'] });
          // An ad held for its price ('Granskas'): its page tells the seller why.
          if (created?.held) {
            navigate(`/car/${created.id}`);
            showToast(PRICE_HOLD_PUBLISHED);
            return;
          }
          navigate('/');
          showToast(AD_PUBLISHED);
        }}
      />
    </div>
  );
}
