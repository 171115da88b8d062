import { lazy, Suspense } from 'react';
import { SettingsPage } from '../../features/settings/settings-page.tsx';
import { Spinner } from '../../lib/spinner.tsx';

// 'Min profil' shows the profile page; it loads when the tab is first opened.
const ProfileRoute = lazy(() => import('./profile.tsx'));

export default function SettingsRoute() {
  return (
    <SettingsPage
      profile={
        <Suspense fallback={<Spinner />}>
          <ProfileRoute />
        </Suspense>
      }
    />
  );
}
