import type { OwnHiddenCarDetail } from '@bilmarknaden/shared/api-types';
import { formatCreated } from '../../../lib/format.ts';
import { ReviewRequest } from './review-request.tsx';
import '../reports.css';

/**
 * The banner on the owner's own hidden ad: 'Annonsen är dold', the moderators' reason and 'Begär omprövning'
 * (or where the request stands); or 'Annonsen granskas' on an ad held for its price.
 */
export function HiddenAdNotice({ carId, hidden }: { carId: number; hidden: OwnHiddenCarDetail['hidden'] }) {
  if (hidden.heldForPrice) {
    // 'Granskas' (issue 42): in review already, so no request to make.
    return (
      <section className="hidden-ad-notice" aria-labelledby="hidden-ad-notice-heading">
        <h2 id="hidden-ad-notice-heading" className="hidden-ad-notice__title">
          Annonsen granskas
        </h2>
        <p>{hidden.reason}</p>
        <p>Bara du ser annonsen tills den är granskad. Du får ett mejl när den visas.</p>
      </section>
    );
  }
  return (
    <section className="hidden-ad-notice" aria-labelledby="hidden-ad-notice-heading">
      <h2 id="hidden-ad-notice-heading" className="hidden-ad-notice__title">
        Annonsen är dold
      </h2>
      <p>
        Bilmarknadens moderatorer dolde annonsen{' '}
        <time dateTime={hidden.hiddenAt}>{formatCreated(hidden.hiddenAt)}</time>. Bara du ser den, och utan bilder.
      </p>
      <p>
        <strong>Anledning:</strong> {hidden.reason}
      </p>
      <ReviewRequest
        carId={carId}
        reviewRequestedAt={hidden.reviewRequestedAt}
        reviewDecidedAt={hidden.reviewDecidedAt}
      />
    </section>
  );
}
