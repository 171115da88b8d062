import { NewAdPage } from '../../features/new-ad/components/new-ad-page.tsx';

export default function NewCarRoute() {
  return <NewAdPage />;
}
