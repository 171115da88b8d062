import { NewPartPage } from '../../features/new-part/new-part-page.tsx';

export default function NewPartRoute() {
  return <NewPartPage />;
}
