import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { watchSearchHref } from '@bilmarknaden/shared/watches';
import { CarCard } from '../../../components/car-card.tsx';
import { isNotFound } from '../../../lib/api-client.ts';
import { openLoginDialog } from '../../../lib/login-dialog.ts';
import { QueryError } from '../../../lib/query-error.tsx';
import { useSessionToken } from '../../../lib/session-store.ts';
import { Spinner } from '../../../lib/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMarkSeen, useWatchAds, useWatches } from '../api/watches-api.ts';
import '../watches.css';

/** /bevakningar/{id}: the ads a bevakning matched, the new ones first and marked 'Ny'; opening it marks them seen. */
export function WatchPage() {
  const id = Number(useParams().id);
  const token = useSessionToken();
  const watches = useWatches();
  const watch = watches.data?.find((w) => w.id === id);
  const ads = useWatchAds(id);
  const seen = useMarkSeen();
  useDocumentTitle(watch ? `Bevakning ${watch.name}` : 'Bevakning');
  const loaded = ads.isSuccess;
  const { mutate } = seen;
  useEffect(() => {
    if (loaded) mutate(id);
  }, [loaded, id, mutate]);

  let body;
  if (!token)
    body = (
      <div className="login-prompt">
        <p>Logga in för att se bevakningen.</p>
        <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
          Logga in
        </button>
      </div>
    );
  else if (ads.isPending) body = <Spinner />;
  else if (ads.isError)
    body = isNotFound(ads.error) ? <p>Bevakningen finns inte.</p> : <QueryError onRetry={() => void ads.refetch()} />;
  else if (ads.data.length === 0) body = <p>Inga bilar har matchat bevakningen ännu.</p>;
  else {
    const fresh = ads.data.filter((a) => a.isNew).length;
    body = (
      <>
        <p>
          {fresh > 0
            ? `${fresh} ${fresh === 1 ? 'ny bil' : 'nya bilar'} sedan du tittade senast.`
            : 'Inga nya bilar sedan du tittade senast.'}
        </p>
        <ul className="watch-ads" aria-label="Bilar i bevakningen">
          {ads.data.map((ad, i) => (
            <li key={ad.id} className="watch-ads__item">
              {ad.isNew && <span className="watch-ads__new">Ny</span>}
              <CarCard car={ad} eager={i < 4} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="watch-page">
      <p>
        <Link to="/bevakningar">Alla bevakningar</Link>
      </p>
      <h1>{watch ? watch.name : 'Bevakning'}</h1>
      {watch && (
        <p>
          <Link to={watchSearchHref(watch.query)}>Öppna sökningen</Link>
        </p>
      )}
      {body}
    </div>
  );
}
