import { Link } from 'react-router';
import type { OwnAd } from '@bilmarknaden/shared/api-types';
import { DAY_MS, ownAdState, ownAdStateLabel } from '@bilmarknaden/shared/ad-lifecycle';
import { cardImagePath } from '@bilmarknaden/shared/api-paths';
import { formatNumber, formatPrice } from '../../../lib/format.ts';
import { ViewsChart } from './views-chart.tsx';

interface MyAdRowProps {
  ad: OwnAd;
  now: Date;
  /** Conversations about the ad; undefined while unknown (messaging did not answer). */
  messages: number | undefined;
  busy: boolean;
  onRenew: () => void;
  onSold: () => void;
  onRemove: () => void;
}

/** Whole days the ad has been listed: from publishing to its sale, its expiry or today. */
export function daysListed(ad: OwnAd, now: Date): number {
  const end = ad.soldAt ? new Date(ad.soldAt) : ad.status === 'expired' ? new Date(ad.expiresAt) : now;
  return Math.max(0, Math.floor((end.getTime() - new Date(ad.created).getTime()) / DAY_MS));
}

/** One own ad on 'Mina annonser': its state, figures, views per day and what its seller can do with it. */
export function MyAdRow({ ad, now, messages, busy, onRenew, onSold, onRemove }: MyAdRowProps) {
  const state = ownAdState(ad, now);
  const forSale = state === 'active' || state === 'expiring';
  const headingId = `my-ad-${ad.id}`;
  const listed = daysListed(ad, now);
  return (
    <li className="my-ad">
      <article aria-labelledby={headingId}>
        <div className="my-ad__head">
          {ad.imageCount > 0 ? (
            <img className="my-ad__photo" src={cardImagePath(ad.id, 1, ad.imageVersion)} alt="" loading="lazy" />
          ) : (
            <div className="my-ad__photo my-ad__photo--none" aria-hidden="true" />
          )}
          <div>
            <h2 id={headingId} className="my-ad__title">
              {state === 'hidden' || state === 'held' ? ad.title : <Link to={`/car/${ad.id}`}>{ad.title}</Link>}
            </h2>
            <p className="my-ad__price">{formatPrice(ad.price)}</p>
            <p className={`my-ad__state my-ad__state--${state}`}>{ownAdStateLabel(state, ad.expiresAt, now)}</p>
          </div>
        </div>
        <dl className="my-ad__figures">
          <div>
            <dt>Visningar</dt>
            <dd>{formatNumber(ad.views)}</dd>
          </div>
          <div>
            <dt>Sparad av</dt>
            <dd>{formatNumber(ad.savedBy)}</dd>
          </div>
          <div>
            <dt>Meddelanden</dt>
            <dd>{messages === undefined ? '–' : formatNumber(messages)}</dd>
          </div>
          <div>
            <dt>Dagar ute</dt>
            <dd>{listed}</dd>
          </div>
        </dl>
        <ViewsChart ad={ad} now={now} />
        <div className="my-ad__actions">
          {forSale && (
            <>
              <Link className="button button--secondary" to={`/edit/car/${ad.id}`}>
                Redigera
              </Link>
              <Link
                className="button button--secondary"
                to={`/edit/car/${ad.id}`}
                aria-label={`Sänk priset på ${ad.title}`}
              >
                Sänk priset
              </Link>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                aria-label={`Markera ${ad.title} som såld`}
                onClick={onSold}
              >
                Markera som såld
              </button>
            </>
          )}
          {(forSale || state === 'expired') && (
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              aria-label={`Förnya ${ad.title}`}
              onClick={onRenew}
            >
              Förnya
            </button>
          )}
          <button type="button" className="button button--ghost" aria-label={`Ta bort ${ad.title}`} onClick={onRemove}>
            Ta bort
          </button>
        </div>
      </article>
    </li>
  );
}
