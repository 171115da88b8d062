import { CarDetailPage } from '../../features/car-detail/components/car-detail-page.tsx';
import { SaveButton } from '../../features/saved/components/save-button.tsx';
import { MessageSellerButton } from '../../features/messages/components/message-seller-button.tsx';

/** The ad page with the saved list's heart and the composer of a message to the seller. */
export function CarDetailRoute() {
  return (
    <CarDetailPage
      saveButton={(car) => <SaveButton car={car} />}
      messageButton={(car) => <MessageSellerButton car={car} />}
    />
  );
}
