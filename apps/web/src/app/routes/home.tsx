import { HomePage } from '../../features/cars/components/home-page.tsx';

export default function HomeRoute() {
  return <HomePage />;
}
