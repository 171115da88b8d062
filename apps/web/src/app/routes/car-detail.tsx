import { CarDetailPage } from '../../features/car-detail/components/car-detail-page.tsx';
import { SaveButton } from '../../features/saved/components/save-button.tsx';

/** The ad page with the saved list's heart. */
export function CarDetailRoute() {
  return <CarDetailPage saveButton={(car) => <SaveButton car={car} />} />;
}
