import { useQuery } from '@tanstack/react-query';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { OwnHiddenCar, OwnHiddenCarDetail } from '@bilmarknaden/shared/api-types';
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

/**
 * One own hidden ad as its owner opens it (the ad page after the public detail's 404): the ad without photos, the
 * reason and the review state. Asked only when `enabled`; anyone but the owner gets 404.
 */
export function useOwnHiddenCar(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...HIDDEN_CARS_KEY, id],
    enabled,
    retry: false,
    queryFn: ({ signal }) =>
      apiFetch<OwnHiddenCarDetail>(inventoryUrl(inventoryPaths.ownHiddenCar(encodeURIComponent(id))), {
        auth: true,
        signal,
      }),
  });
}
