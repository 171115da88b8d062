import { EditAdPage } from '../../features/new-ad/components/edit-ad-page.tsx';

export default function EditCarRoute() {
  return <EditAdPage />;
}
