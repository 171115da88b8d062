import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { CarCard } from '../../../components/car-card.tsx';
import { useUserCars } from '../../../lib/car-queries.ts';
import { MoreRow } from '../../../components/car-results.tsx';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { showToast } from '../../../lib/toast.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { DeleteAdDialog } from '../../../components/delete-ad-dialog.tsx';
import { SoldAdsSection } from './sold-ads-section.tsx';
import { VerificationSection } from './verification-section.tsx';
import { HiddenAdsNotice } from './hidden-ads-notice.tsx';
import { useSoldMutation } from '../../../lib/sold-queries.ts';
import '../profile.css';

interface ProfilePageProps {
  /** Shown inside settings' 'Min profil' tab: that page has the heading and the title, so this part sets neither. */
  embedded?: boolean;
}

export const LOGIN_TO_SEE_PROFILE = 'Logga in för att se din profil och hantera dina annonser.';

/**
 * /profile: 'Välkommen till din profil!', the user's own ads with edit and delete, 'Byt lösenord' and 'Radera konto';
 * a logged-out visitor is asked to log in instead of being welcomed.
 */
export function ProfilePage({ embedded = false }: ProfilePageProps) {
  useDocumentTitle(embedded ? undefined : 'Min profil');
  const { loggedIn, details } = useSession();
  const username = loggedIn ? details?.username : undefined;
  const cars = useUserCars(username);
  const [deleting, setDeleting] = useState<CarListItem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const markSold = useSoldMutation();

  let ads;
  if (!loggedIn) ads = null;
  else if (!username || cars.isPending) ads = <Spinner />;
  else if (cars.isError) ads = <QueryError onRetry={() => void cars.refetch()} />;
  else if (cars.data.pages[0]?.length === 0)
    ads = (
      <p>
        Du har inga annonser ännu. <Link to="/new/car">Skapa en bilannons</Link>
      </p>
    );
  else
    ads = (
      <>
        <ul className="car-list" aria-label="Mina annonser">
          {cars.data.pages.flat().map((car, i) => (
            <li key={car.id} className="own-ad">
              <CarCard car={car} eager={i < 2} />
              <div className="own-ad__actions">
                <Link
                  className="button button--secondary"
                  to={`/edit/car/${car.id}`}
                  aria-label={`Redigera ${car.title}`}
                >
                  Redigera
                </Link>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    setAnnouncement('');
                    setDeleting(car);
                  }}
                  aria-label={`Ta bort ${car.title}`}
                >
                  Ta bort
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={markSold.isPending}
                  onClick={() =>
                    markSold.mutate(
                      { id: car.id, sold: true },
                      { onSuccess: () => setAnnouncement(`”${car.title}” är markerad som såld.`) },
                    )
                  }
                  aria-label={`Markera ${car.title} som såld`}
                >
                  Markera som såld
                </button>
              </div>
            </li>
          ))}
        </ul>
        <MoreRow query={cars} />
      </>
    );

  const welcome = 'Välkommen till din profil!';
  return (
    <div className="profile-page">
      {loggedIn ? (
        <>
          {embedded ? <p className="profile-page__welcome">{welcome}</p> : <h1>{welcome}</h1>}
          <section aria-labelledby="own-ads-heading">
            <h2 id="own-ads-heading" ref={heading} tabIndex={-1}>
              Mina annonser
            </h2>
            <p className="visually-hidden" role="status">
              {announcement}
            </p>
            {ads}
          </section>
          <HiddenAdsNotice />
          <SoldAdsSection />
          <VerificationSection />
          <ChangePasswordForm />
        </>
      ) : (
        <>
          {embedded ? null : <h1>Min profil</h1>}
          <div className="login-prompt">
            <p>{LOGIN_TO_SEE_PROFILE}</p>
            <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
              Logga in
            </button>
          </div>
        </>
      )}
      {/* Logged out, it says where the user was when a 401 ended the session during 'Radera konto'. */}
      <DeleteAccountSection />
      <DeleteAdDialog
        car={deleting}
        onClose={(deleted) => {
          if (deleted && deleting) showToast(`Din annons ”${deleting.title}” är borttagen.`);
          setDeleting(null);
        }}
        focusAfterDelete={() => heading.current?.focus()}
      />
    </div>
  );
}
