import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { Car } from '@bilmarknaden/shared/api-types';
import type { NewAdInput } from '@bilmarknaden/shared/validation/new-ad';
import { useCar } from '../../../lib/car-queries.ts';
import { inventoryUrl, isNotFound } from '../../../lib/api-client.ts';
import { tokenUsername } from '../../../lib/token-claims.ts';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { uploadAd } from '../api/upload-ad.ts';
import { AdForm } from './ad-form.tsx';

export const AD_SAVED = 'Dina ändringar är sparade';

export const toInput = (c: Car): NewAdInput => ({
  title: c.title,
  description: c.description,
  price: String(c.price),
  make: c.make,
  model: c.model,
  year: String(c.year),
  milage: String(c.milage),
  hp: String(c.hp),
  color: c.color,
  type: c.type,
  transmission: c.transmission,
  drivetrain: c.drivetrain,
  fuel: c.fuel,
  kommun: c.kommun ?? '',
  equipment: c.equipment,
});

/**
 * /edit/car/{id}: the new-ad form prefilled for the owner; photos optional (new ones replace the set). An ad that
 * does not exist goes to /notfound (the server answers the page 404 too); others get a message and no form.
 */
export function EditAdPage() {
  useDocumentTitle('Redigera annons');
  const { id = '' } = useParams();
  const { token, details } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const car = useCar(id);
  // As the ad page: the public read's 404 covers removed, pending and unknown ads alike (nothing tells them apart).
  const notFound = isNotFound(car.error);

  useEffect(() => {
    if (notFound) navigate('/notfound', { replace: true });
  }, [notFound, navigate]);

  if (car.isPending || notFound) return <Spinner label="Laddar annonsen..." />;
  if (car.isError) return <QueryError onRetry={() => void car.refetch()} />;
  if (!token)
    return (
      <div className="ad-page">
        <h1>Redigera annons</h1>
        <p>Logga in för att redigera dina annonser.</p>
        <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
          Logga in
        </button>
      </div>
    );
  // The token's subject is whom the server checks; the stored details come only after the profile is read.
  const username = tokenUsername(token) ?? details?.username;
  if (car.data.user !== username)
    return (
      <div className="ad-page">
        <h1>Redigera annons</h1>
        <p role="alert">Du kan bara redigera dina egna annonser.</p>
      </div>
    );

  return (
    <div className="ad-page">
      <h1>Redigera annons</h1>
      <AdForm
        key={car.data.id}
        initial={toInput(car.data)}
        fixedRegistrationNumber={car.data.registrationNumber ?? null}
        submitLabel="Spara ändringar"
        photoHint="Bilderna är valfria: väljer du nya ersätter de alla nuvarande bilder."
        onSubmit={async ({ form, onProgress }) => {
          await uploadAd({ method: 'PUT', url: inventoryUrl(inventoryPaths.carById(id)), body: form, onProgress });
          await queryClient.invalidateQueries({ queryKey: ['cars'] });
          navigate(`/car/${id}`);
          showToast(AD_SAVED);
        }}
      />
    </div>
  );
}
