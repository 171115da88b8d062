import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Car } from '@bilmarknaden/shared/api-types';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { leaveNotice } from '../../../lib/page-notice.tsx';

const DeleteAdDialog = lazyDialog(
  async () => (await import('../../../components/delete-ad-dialog.tsx')).DeleteAdDialog,
  (props) => props.car !== null,
);

/** The seller's 'Redigera' and 'Ta bort' on their own ad; after a removal, home says the ad is gone. */
export function OwnerActions({ car }: { car: Car }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="car-detail__owner">
      {!car.soldAt && (
        <Link className="button button--secondary" to={`/edit/car/${car.id}`}>
          Redigera
        </Link>
      )}
      <button
        type="button"
        className="button button--secondary"
        {...DeleteAdDialog.trigger}
        onClick={() => setDeleting(true)}
      >
        Ta bort
      </button>
      <DeleteAdDialog
        car={deleting ? car : null}
        onClose={(deleted) => {
          setDeleting(false);
          if (!deleted) return;
          leaveNotice(`”${car.title}” är borttagen.`);
          navigate('/', { replace: true });
        }}
        focusAfterDelete={() => undefined}
      />
    </div>
  );
}
