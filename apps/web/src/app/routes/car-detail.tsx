import { CarDetailPage } from '../../features/car-detail/components/car-detail-page.tsx';
import { SaveButton } from '../../features/saved/components/save-button.tsx';
import { MessageSellerButton } from '../../features/messages/components/message-seller-button.tsx';
import { ReportAdButton } from '../../features/reports/components/report-ad-button.tsx';

/** The ad page with the saved list's heart, the composer of a message to the seller and 'Anmäl annons'. */
export function CarDetailRoute() {
  return (
    <CarDetailPage
      saveButton={(car) => <SaveButton car={car} />}
      messageButton={(car) => <MessageSellerButton car={car} />}
      reportButton={(car) => <ReportAdButton car={car} />}
    />
  );
}
