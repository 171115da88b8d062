import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { inventoryUrl } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSessionToken } from '../../../lib/session-store.ts';
import { uploadAd } from '../api/upload-ad.ts';
import { AdForm } from './ad-form.tsx';

/** /new/car: 'Ny bilannons'; logged out goes to /signup; success goes to /. */
export function NewAdPage() {
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
        onSubmit={async ({ form, onProgress }) => {
          await uploadAd({ method: 'POST', url: inventoryUrl(inventoryPaths.createCar), body: form, onProgress });
          await queryClient.invalidateQueries({ queryKey: ['cars'] });
          navigate('/');
        }}
      />
    </div>
  );
}
