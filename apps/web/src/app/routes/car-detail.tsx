import { CarDetailPage } from '../../features/car-detail/components/car-detail-page.tsx';

export default function CarDetailRoute() {
  return <CarDetailPage />;
}
