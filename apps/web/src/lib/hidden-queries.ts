import { useQuery } from '@tanstack/react-query';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { OwnHiddenCar } from '@bilmarknaden/shared/api-types';
import { apiFetch, inventoryUrl } from './api-client.ts';

/** The key of the user's hidden ads: the review request reads them again. */
export const HIDDEN_CARS_KEY = ['reports', 'hidden'] as const;

/** The user's ads the moderators hid, with the reason and the review state (profile and 'Mina anmälningar'). */
export function useOwnHiddenCars(enabled = true) {
  return useQuery({
    queryKey: HIDDEN_CARS_KEY,
    enabled,
    queryFn: ({ signal }) =>
      apiFetch<OwnHiddenCar[]>(inventoryUrl(inventoryPaths.ownHiddenCars), { auth: true, signal }),
  });
}
