import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { Car, CarListItem, CarListQuery, Make, Model } from '@bilmarknaden/shared/api-types';
import { PAGE_SIZE } from '@bilmarknaden/shared/constants';
import { ApiRequestError, apiFetch, inventoryUrl, toQuery } from '../lib/api-client.ts';

// The inventory reads several screens share (features never import each other, so they live here).

/** Logs a failed call to the console (specification section 8) and passes it on to the screen. */
async function logged<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) console.error(error);
    throw error;
  }
}

export const carQueryKeys = {
  list: (filters: Omit<CarListQuery, 'start' | 'end'>) => ['cars', 'list', filters] as const,
  car: (id: string) => ['cars', 'one', id] as const,
  byUser: (username: string) => ['cars', 'user', username] as const,
  makes: ['makes'] as const,
  models: (make: string) => ['models', make.toLocaleLowerCase('sv-SE')] as const,
};

export function fetchCars(query: CarListQuery, signal?: AbortSignal) {
  return logged(
    apiFetch<CarListItem[]>(
      inventoryUrl(`${inventoryPaths.listCars}${toQuery(query as Record<string, string | number | undefined>)}`),
      { signal },
    ),
  );
}

/** One window of 20 per page; the next page starts where the last one ended, none after a short page. */
export function useInfiniteCars(filters: Omit<CarListQuery, 'start' | 'end'>, enabled = true) {
  return useInfiniteQuery({
    queryKey: carQueryKeys.list(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchCars({ ...filters, start: pageParam, end: pageParam + PAGE_SIZE }, signal),
    getNextPageParam: (lastPage, _all, lastStart) => (lastPage.length < PAGE_SIZE ? undefined : lastStart + PAGE_SIZE),
    enabled,
  });
}

export function useCar(id: string) {
  return useQuery({
    queryKey: carQueryKeys.car(id),
    queryFn: ({ signal }) =>
      logged(apiFetch<Car>(inventoryUrl(`${inventoryPaths.car}${toQuery({ carid: id })}`), { signal })),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 1,
  });
}

export function useUserCars(username: string | undefined) {
  return useQuery({
    queryKey: carQueryKeys.byUser(username ?? ''),
    queryFn: ({ signal }) =>
      logged(apiFetch<CarListItem[]>(inventoryUrl(`${inventoryPaths.carsByUser}${toQuery({ username })}`), { signal })),
    enabled: Boolean(username),
  });
}

export function useMakes() {
  return useQuery({
    queryKey: carQueryKeys.makes,
    queryFn: ({ signal }) => logged(apiFetch<Make[]>(inventoryUrl(inventoryPaths.makes), { signal })),
    staleTime: 10 * 60_000,
  });
}

export function useModels(make: string | undefined) {
  return useQuery({
    queryKey: carQueryKeys.models(make ?? ''),
    queryFn: ({ signal }) =>
      logged(apiFetch<Model[]>(inventoryUrl(`${inventoryPaths.models}${toQuery({ make })}`), { signal })),
    enabled: Boolean(make),
    staleTime: 10 * 60_000,
  });
}

/** The server's spelling of a make typed in any case (URLs carry 'volvo', the list has 'Volvo'). */
export function matchName(list: readonly { name: string }[] | undefined, value: string | undefined): string {
  if (!value) return '';
  const wanted = value.toLocaleLowerCase('sv-SE');
  return list?.find((m) => m.name.toLocaleLowerCase('sv-SE') === wanted)?.name ?? value;
}
