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

/** The first letters of the name's first two words ('Karin Åström' → 'KÅ'): the header's badge on a phone. */
export function initialsOf(name: string): string {
  return name
    .split(/[\s.\-_]+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase('sv'))
    .join('');
}
