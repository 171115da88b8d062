import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { ExpiredCar, Renewed } from '@bilmarknaden/shared/api-types';
import { apiFetch, inventoryUrl } from './api-client.ts';

// An expired ad (issue 43): its page and 'Förnya', offered on the ad page and on 'Mina annonser'.

/** What an expired ad's page shows (after the detail's 404); anyone else's ad than an expired one is 404. */
export function useExpiredCar(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['cars', 'expired', id],
    enabled,
    retry: false,
    queryFn: ({ signal }) =>
      apiFetch<ExpiredCar>(inventoryUrl(inventoryPaths.expiredCar(encodeURIComponent(id))), { signal }),
  });
}

/** PUT `/cars/{id}/renewal` ('Förnya'): 60 more days; every list and the ad are read again afterwards. */
export function useRenewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<Renewed>(inventoryUrl(inventoryPaths.carRenewal(id)), { method: 'PUT', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cars'] }),
    onError: (error) => console.error(error),
  });
}
