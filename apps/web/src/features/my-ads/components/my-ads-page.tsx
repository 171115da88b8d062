import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { OwnAd } from '@bilmarknaden/shared/api-types';
import { expiryWarning, ownAdState } from '@bilmarknaden/shared/ad-lifecycle';
import { failureMessage } from '../../../lib/api-client.ts';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { useRenewMutation } from '../../../lib/lifecycle-queries.ts';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { useSessionToken } from '../../../lib/session-store.ts';
import { useSoldMutation } from '../../../lib/sold-queries.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdConversationCounts, useOwnAds } from '../api/my-ads-api.ts';
import { MyAdRow } from './my-ad-row.tsx';
import '../my-ads.css';

const DeleteAdDialog = lazyDialog(
  async () => (await import('../../../components/delete-ad-dialog.tsx')).DeleteAdDialog,
  (props) => props.car !== null,
);

/**
 * /mina-annonser: each of the seller's ads with its state (aktiv, går ut om N dagar, utgången, såld, dold,
 * granskas), views, savers, conversations, days listed, views per day, and Redigera, Sänk priset, Markera som
 * såld, Förnya and Ta bort (issue 43).
 */
export function MyAdsPage({ now = () => new Date() }: { now?: () => Date }) {
  useDocumentTitle('Mina annonser');
  const token = useSessionToken();
  const ads = useOwnAds();
  const counts = useAdConversationCounts();
  const renew = useRenewMutation();
  const sold = useSoldMutation();
  const [removing, setRemoving] = useState<OwnAd | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const at = now();

  let body;
  if (!token)
    body = (
      <div className="login-prompt">
        <p>Logga in för att se dina annonser.</p>
        <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
          Logga in
        </button>
      </div>
    );
  else if (ads.isPending) body = <Spinner label="Laddar dina annonser..." />;
  else if (ads.isError) body = <QueryError onRetry={() => void ads.refetch()} />;
  else if (ads.data.length === 0)
    body = (
      <p>
        Du har inga annonser än. <Link to="/new/car">Lägg in en bilannons</Link>.
      </p>
    );
  else {
    const expiring = ads.data.filter((ad) => ownAdState(ad, at) === 'expiring');
    const failed = renew.error ?? sold.error;
    body = (
      <>
        {expiring.length > 0 && (
          <ul className="my-ads__warnings" aria-label="Annonser som snart går ut">
            {expiring.map((ad) => (
              <li key={ad.id} className="notice">
                {expiryWarning(`${ad.make} ${ad.model}`, ad.expiresAt)}
              </li>
            ))}
          </ul>
        )}
        <p role="status" className="my-ads__done">
          {done}
        </p>
        {failed && (
          <p className="alert" role="alert">
            {failureMessage(failed)}
          </p>
        )}
        {counts.isError && <p className="my-ads__hint">Antalet meddelanden kunde inte hämtas just nu.</p>}
        <ul className="my-ads__list" aria-label="Mina annonser">
          {ads.data.map((ad) => (
            <MyAdRow
              key={ad.id}
              ad={ad}
              now={at}
              messages={counts.isSuccess ? (counts.data.get(ad.id) ?? 0) : undefined}
              busy={renew.isPending || sold.isPending}
              onRenew={() =>
                renew.mutate(ad.id, {
                  onSuccess: (answer) => setDone(`${ad.title}: ${answer.message}.`),
                })
              }
              onSold={() =>
                sold.mutate(
                  { id: ad.id, sold: true },
                  { onSuccess: () => setDone(`${ad.title} är markerad som såld.`) },
                )
              }
              onRemove={() => setRemoving(ad)}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="my-ads">
      <h1 ref={heading} tabIndex={-1}>
        Mina annonser
      </h1>
      {body}
      <DeleteAdDialog
        car={removing}
        onClose={(deleted) => {
          if (deleted && removing) setDone(`”${removing.title}” är borttagen.`);
          setRemoving(null);
        }}
        focusAfterDelete={() => heading.current?.focus()}
      />
    </div>
  );
}
