import { NotFoundPage } from '../../features/not-found/not-found-page.tsx';

export default function NotFoundRoute() {
  return <NotFoundPage />;
}
