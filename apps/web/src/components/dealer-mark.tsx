import { Link } from 'react-router';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import './dealer-mark.css';

/**
 * A dealer's ad (issue 45): the company name and the 'Handlare' mark, on the cards and the ad's page. A private
 * seller's ad shows nothing here.
 */
export function DealerMark({
  dealer,
  className,
  link = false,
}: {
  dealer: CarListItem['dealer'];
  className?: string;
  /** The company name links to the dealer's page (not on a card, which is one link already). */
  link?: boolean;
}) {
  if (!dealer) return null;
  return (
    <p className={`dealer-mark ${className ?? ''}`}>
      <span className="dealer-mark__badge">Handlare</span>{' '}
      {link ? (
        <Link className="dealer-mark__name" to={`/handlare/${encodeURIComponent(dealer.slug)}`}>
          {dealer.name}
        </Link>
      ) : (
        <span className="dealer-mark__name">{dealer.name}</span>
      )}
    </p>
  );
}
