import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { SoldCarListItem } from '@bilmarknaden/shared/api-types';
import { apiFetch, inventoryUrl } from './api-client.ts';
import { logged } from './logged.ts';

// Marking one's own ad sold and taking it back ('Ångra'): the ad page and the profile both offer it.

/** The caller's sold ads (GET /cars/sold), under 'cars' so every change of an ad refreshes them. */
export function useOwnSoldCars(enabled: boolean) {
  return useQuery({
    queryKey: ['cars', 'own-sold'],
    queryFn: ({ signal }) =>
      logged(apiFetch<SoldCarListItem[]>(inventoryUrl(inventoryPaths.ownSoldCars), { signal, auth: true })),
    enabled,
  });
}

/** PUT (sold) or DELETE ('Ångra') `/cars/{id}/sold`; every list and the ad are read again afterwards. */
export function useSoldMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sold }: { id: number; sold: boolean }) =>
      apiFetch<unknown>(inventoryUrl(inventoryPaths.carSold(id)), { method: sold ? 'PUT' : 'DELETE', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cars'] }),
    onError: (error) => console.error(error),
  });
}
