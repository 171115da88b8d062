import { hashKey, useInfiniteQuery, useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { inventoryPaths, LIST_AS_OF_HEADER } from '@bilmarknaden/shared/api-paths';
import type { Car, CarCount, CarListItem, CarListQuery, Make, Model } from '@bilmarknaden/shared/api-types';
import { PAGE_SIZE } from '@bilmarknaden/shared/constants';
import { ApiRequestError, apiFetch, apiFetchWithHeaders, inventoryUrl, toQuery } from './api-client.ts';
import { takeInitialAnswer } from './initial-answers.ts';
import { logged } from './logged.ts';

// The inventory reads that several features share (features never import each other).

const carQueryKeys = {
  list: (filters: Omit<CarListQuery, 'start' | 'end'>) => ['cars', 'list', filters] as const,
  car: (id: string) => ['cars', 'one', id] as const,
  count: (filters: Omit<CarListQuery, 'start' | 'end' | 'orderBy' | 'order'>) => ['cars', 'count', filters] as const,
  similar: (id: number) => ['cars', 'similar', id] as const,
  byUser: (username: string) => ['cars', 'user', username] as const,
  makes: ['makes'] as const,
  models: (make: string) => ['models', make.toLocaleLowerCase('sv-SE')] as const,
};

/**
 * After an ad is removed, every list of ads is read again, but not the ad's own page and its similar ads: on that
 * page their answer (404) would race the move away from it and could end on the not-found screen.
 */
export function refreshAfterRemoval(client: QueryClient, id: number): Promise<void> {
  const own = new Set([hashKey(carQueryKeys.car(String(id))), hashKey(carQueryKeys.similar(id))]);
  return client.invalidateQueries({ queryKey: ['cars'], predicate: (query) => !own.has(query.queryHash) });
}

/** One window of a listing and the listing's snapshot time (X-List-As-Of), when the server named one. */
interface CarsPage {
  cars: CarListItem[];
  asOf: string | undefined;
}

const listUrl = (query: CarListQuery & { asOf?: string }) =>
  inventoryUrl(`${inventoryPaths.listCars}${toQuery(query as Record<string, string | number | undefined>)}`);
const carUrl = (id: string) => inventoryUrl(`${inventoryPaths.car}${toQuery({ carid: id })}`);
const makesUrl = inventoryUrl(inventoryPaths.makes);

/** One window of a listing and the snapshot it was read at (X-List-As-Of, else the one sent). */
async function fetchPage(url: string, asOf: string | undefined, signal?: AbortSignal): Promise<CarsPage> {
  const { body, headers } = await logged(apiFetchWithHeaders<CarListItem[]>(url, { signal }));
  return { cars: body, asOf: headers.get(LIST_AS_OF_HEADER) ?? asOf };
}

function fetchCars(query: CarListQuery & { asOf?: string }, signal?: AbortSignal): Promise<CarsPage> {
  return fetchPage(listUrl(query), query.asOf, signal);
}

/** Where the next window of a listing starts, and the listing's snapshot (none yet for the first window). */
interface CarsPageParam {
  start: number;
  asOf?: string;
}

/** The window after a full one, in the first window's snapshot; none after a short window. */
const nextWindow = (lastPage: CarsPage, lastParam: CarsPageParam): CarsPageParam | undefined =>
  lastPage.cars.length < PAGE_SIZE
    ? undefined
    : { start: lastParam.start + PAGE_SIZE, asOf: lastParam.asOf ?? lastPage.asOf };

/**
 * A listing, a window per page. 'Mer' sends the first window's snapshot as `asOf`, so ads published meanwhile
 * neither repeat nor push the windows down; new filters or a refetch start a new snapshot.
 */
export function useInfiniteCars(filters: Omit<CarListQuery, 'start' | 'end'>, enabled = true) {
  return useInfiniteQuery({
    queryKey: carQueryKeys.list(filters),
    initialPageParam: { start: 0 } as CarsPageParam,
    queryFn: ({ pageParam, signal }) =>
      fetchCars({ ...filters, start: pageParam.start, end: pageParam.start + PAGE_SIZE, asOf: pageParam.asOf }, signal),
    getNextPageParam: (lastPage, _all, lastParam) => nextWindow(lastPage, lastParam),
    // The first window may already be in the page (server/src/page-data.ts): no round trip for it.
    initialData: () => {
      const first = takeInitialAnswer<CarListItem[]>(listUrl({ ...filters, start: 0, end: PAGE_SIZE }));
      if (!first) return undefined;
      const page: CarsPage = { cars: first.body, asOf: first.headers[LIST_AS_OF_HEADER.toLowerCase()] };
      return { pages: [page], pageParams: [{ start: 0 } as CarsPageParam] };
    },
    // The screens read the pages as lists of cars.
    select: (data) => ({ ...data, pages: data.pages.map((page) => page.cars) }),
    enabled,
  });
}

/**
 * How many ads a listing's filters match ('1 234 bilar'), counted up to LIST_COUNT_CAP. The order does not change
 * the count, so sorting keeps the answer; the previous count stays shown while the next one loads.
 */
export function useCarCount(filters: Omit<CarListQuery, 'start' | 'end'>, enabled = true) {
  const { orderBy: _orderBy, order: _order, asOf: _asOf, ...countFilters } = filters;
  return useQuery({
    queryKey: carQueryKeys.count(countFilters),
    queryFn: ({ signal }) =>
      logged(
        apiFetch<CarCount>(
          inventoryUrl(
            `${inventoryPaths.countCars}${toQuery(countFilters as Record<string, string | number | undefined>)}`,
          ),
          { signal },
        ),
      ),
    placeholderData: (previous) => previous,
    enabled,
  });
}

/** 'Liknande bilar': up to 6 ads of the ad's make and model nearest its price. */
export function useSimilarCars(id: number) {
  return useQuery({
    queryKey: carQueryKeys.similar(id),
    queryFn: ({ signal }) => logged(apiFetch<CarListItem[]>(inventoryUrl(inventoryPaths.similarCars(id)), { signal })),
  });
}

const carQuery = (id: string) => ({
  queryKey: carQueryKeys.car(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => logged(apiFetch<Car>(carUrl(id), { signal })),
  initialData: () => takeInitialAnswer<Car>(carUrl(id))?.body,
  retry: (count: number, error: Error) => !(error instanceof ApiRequestError && error.status < 500) && count < 1,
});

export function useCar(id: string) {
  return useQuery(carQuery(id));
}

/** Several ads' details at once, each read as the ad page reads it (one cache entry per ad): 'Jämför'. */
export function useCars(ids: readonly number[]) {
  return useQueries({ queries: ids.map((id) => carQuery(String(id))) });
}

/** A seller's ads, newest first, a window per page ('Mer' for the next) in the first page's snapshot like the list. */
export function useUserCars(username: string | undefined) {
  return useInfiniteQuery({
    queryKey: carQueryKeys.byUser(username ?? ''),
    initialPageParam: { start: 0 } as CarsPageParam,
    queryFn: ({ pageParam, signal }) =>
      fetchPage(
        inventoryUrl(
          `${inventoryPaths.carsByUser}${toQuery({ username, start: pageParam.start, end: pageParam.start + PAGE_SIZE, asOf: pageParam.asOf })}`,
        ),
        pageParam.asOf,
        signal,
      ),
    getNextPageParam: (lastPage, _all, lastParam) => nextWindow(lastPage, lastParam),
    select: (data) => ({ ...data, pages: data.pages.map((page) => page.cars) }),
    enabled: Boolean(username),
  });
}

export function useMakes() {
  return useQuery({
    queryKey: carQueryKeys.makes,
    queryFn: ({ signal }) => logged(apiFetch<Make[]>(makesUrl, { signal })),
    initialData: () => takeInitialAnswer<Make[]>(makesUrl)?.body,
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
