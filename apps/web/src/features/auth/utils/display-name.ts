import type { CurrentUser, StoredUserDetails } from '@bilmarknaden/shared/api-types';

/** The name the header shows: the server's display name, else the stored first name or username. */
export function displayNameOf(user: CurrentUser | undefined, details: StoredUserDetails | null): string {
  return (
    user?.displayName?.trim() ||
    [details?.firstname, details?.lastname].filter(Boolean).join(' ').trim() ||
    details?.username ||
    'Min profil'
  );
}
