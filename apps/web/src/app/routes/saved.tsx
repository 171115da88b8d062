import { SavedPage } from '../../features/saved/components/saved-page.tsx';

export default function SavedRoute() {
  return <SavedPage />;
}
