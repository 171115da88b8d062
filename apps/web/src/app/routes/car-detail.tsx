import { lazy, Suspense } from 'react';
import { CarDetailPage } from '../../features/car-detail/components/car-detail-page.tsx';
import { SaveButton } from '../../features/saved/components/save-button.tsx';
import { MessageSellerButton } from '../../features/messages/components/message-seller-button.tsx';
import { ReportAdButton } from '../../features/reports/components/report-ad-button.tsx';

// Only the owner of a hidden ad sees it: a chunk of its own, out of the ad page's entry chunk.
const HiddenAdNotice = lazy(async () => ({
  default: (await import('../../features/reports/components/hidden-ad-notice.tsx')).HiddenAdNotice,
}));

/**
 * The ad page with the saved list's heart, the composer of a message to the seller and 'Anmäl annons'; on the
 * owner's hidden ad, the moderators' reason and 'Begär omprövning'.
 */
export function CarDetailRoute() {
  return (
    <CarDetailPage
      saveButton={(car) => <SaveButton car={car} />}
      messageButton={(car) => <MessageSellerButton car={car} />}
      reportButton={(car) => <ReportAdButton car={car} />}
      hiddenNotice={(hidden) => (
        <Suspense fallback={null}>
          <HiddenAdNotice carId={hidden.car.id} hidden={hidden.hidden} />
        </Suspense>
      )}
    />
  );
}
