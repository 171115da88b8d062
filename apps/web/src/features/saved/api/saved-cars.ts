import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { CarListItem, SavedCarListItem, SavedRemovedItem, SavedToggle } from '@bilmarknaden/shared/api-types';
import { apiFetch, inventoryUrl, toQuery } from '../../../lib/api-client.ts';
import { logged } from '../../../lib/logged.ts';
import { useSessionToken } from '../../../lib/session-store.ts';

// Under 'cars': whatever refreshes the ads (a published, edited or deleted one) refreshes the saved list too.
export const SAVED_CARS_KEY = ['cars', 'saved'] as const;

function fetchSavedCars(signal?: AbortSignal): Promise<SavedCarListItem[]> {
  return logged(apiFetch<SavedCarListItem[]>(inventoryUrl(inventoryPaths.savedCars), { auth: true, signal }));
}

const toggleSavedCar = (carId: number) =>
  apiFetch<SavedToggle>(inventoryUrl(`${inventoryPaths.toggleSaved}${toQuery({ carid: carId })}`), {
    method: 'POST',
    auth: true,
  });

/** The logged-in user's saved ads, for sale or sold, newest saved first (disabled while logged out). */
export function useSavedCars() {
  const token = useSessionToken();
  return useQuery({
    queryKey: SAVED_CARS_KEY,
    queryFn: ({ signal }) => fetchSavedCars(signal),
    enabled: token !== null,
  });
}

/** Whether the ad is in the saved list; undefined until the list is known (the toggle must not guess). */
export function useIsSaved(id: number): boolean | undefined {
  const { data } = useSavedCars();
  return data?.some((c) => c.id === id);
}

/** Toggles an ad in the saved list: optimistic, rolled back when the server refuses. */
export function useToggleSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    // A saved ad no longer available ({id, removed}) can only be unsaved: it is in the list.
    mutationFn: (car: CarListItem | SavedCarListItem) => toggleSavedCar(car.id),
    onMutate: async (car) => {
      await queryClient.cancelQueries({ queryKey: SAVED_CARS_KEY });
      const previous = queryClient.getQueryData<SavedCarListItem[]>(SAVED_CARS_KEY);
      const list = previous ?? [];
      // Only an ad for sale can be newly saved (the server refuses a sold one).
      const next: SavedCarListItem[] =
        list.some((c) => c.id === car.id) || !('title' in car)
          ? list.filter((c) => c.id !== car.id)
          : [{ ...car, soldAt: null, priceDrop: null, removed: false }, ...list];
      queryClient.setQueryData<SavedCarListItem[]>(SAVED_CARS_KEY, next);
      return { previous };
    },
    onError: (error, _car, context) => {
      console.error(error);
      queryClient.setQueryData(SAVED_CARS_KEY, context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SAVED_CARS_KEY }),
  });
}

const SAVED_REMOVED_KEY = ['cars', 'saved', 'removed'] as const;

/** Saved ads removed since (shown 'Borttagen' until dismissed; disabled while logged out). */
export function useSavedRemoved() {
  const token = useSessionToken();
  return useQuery({
    queryKey: SAVED_REMOVED_KEY,
    queryFn: ({ signal }) =>
      logged(apiFetch<SavedRemovedItem[]>(inventoryUrl(inventoryPaths.savedRemoved), { auth: true, signal })),
    enabled: token !== null,
  });
}

/** Dismisses a removed saved ad's mark. */
export function useDismissRemoved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<void>(inventoryUrl(inventoryPaths.savedRemovedById(id)), { method: 'DELETE', auth: true }),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<SavedRemovedItem[]>(SAVED_REMOVED_KEY, (list) => list?.filter((r) => r.id !== id)),
  });
}
