import { lazy, Suspense } from 'react';
import { SettingsPage } from '../../features/settings/components/settings-page.tsx';
import { Spinner } from '../../lib/spinner.tsx';

// 'Min profil' shows the profile page (without its heading and title); it loads when the tab is first opened.
const ProfilePage = lazy(() =>
  import('../../features/profile/components/profile-page.tsx').then((m) => ({ default: m.ProfilePage })),
);

export default function SettingsRoute() {
  return (
    <SettingsPage
      profile={
        <Suspense fallback={<Spinner />}>
          <ProfilePage embedded />
        </Suspense>
      }
    />
  );
}
