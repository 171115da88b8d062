import type { OwnHiddenCarDetail } from '@bilmarknaden/shared/api-types';
import { formatCreated } from '../../../lib/format.ts';
import { ReviewRequest } from './review-request.tsx';
import '../reports.css';

/**
 * The banner on the owner's own hidden ad: 'Annonsen är dold', the moderators' reason and 'Begär omprövning'
 * (or where the request stands).
 */
export function HiddenAdNotice({ carId, hidden }: { carId: number; hidden: OwnHiddenCarDetail['hidden'] }) {
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
