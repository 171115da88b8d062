import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { Watch, WatchAd, WatchNewCount, WatchUnsubscribed } from '@bilmarknaden/shared/api-types';
import { apiFetch, inventoryUrl } from '../../../lib/api-client.ts';
import { logged } from '../../../lib/logged.ts';
import { useSessionToken } from '../../../lib/session-store.ts';

// Under 'cars': a published or edited ad refreshes the counts too.
export const watchKeys = {
  all: ['cars', 'watches'] as const,
  list: ['cars', 'watches', 'list'] as const,
  newCount: ['cars', 'watches', 'new-count'] as const,
  ads: (id: number) => ['cars', 'watches', 'ads', id] as const,
};

const url = inventoryUrl;

/** The user's bevakningar, newest first, each with its 'N nya' (disabled while logged out). */
export function useWatches() {
  const token = useSessionToken();
  return useQuery({
    queryKey: watchKeys.list,
    queryFn: ({ signal }) => logged(apiFetch<Watch[]>(url(inventoryPaths.watches), { auth: true, signal })),
    enabled: token !== null,
  });
}

/** New ads across the user's bevakningar: the drawer's badge. */
export function useWatchesNewCount() {
  const token = useSessionToken();
  return useQuery({
    queryKey: watchKeys.newCount,
    queryFn: ({ signal }) =>
      logged(apiFetch<WatchNewCount>(url(inventoryPaths.watchesNewCount), { auth: true, signal })),
    select: (answer) => answer.newCount,
    enabled: token !== null,
  });
}

/** One bevakning's matched ads, new ones first. */
export function useWatchAds(id: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: watchKeys.ads(id),
    queryFn: ({ signal }) => logged(apiFetch<WatchAd[]>(url(inventoryPaths.watchAds(id)), { auth: true, signal })),
    enabled: token !== null,
    // The 'Ny' marks are of this visit: opening the page marks them seen on the server.
    staleTime: Infinity,
  });
}

/** `POST /watches` as the web sends it: the search, its name and how to be told. */
export type NewWatch = Pick<Watch, 'query' | 'name' | 'notify'>;

export function useCreateWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewWatch) => apiFetch<Watch>(url(inventoryPaths.watches), { method: 'POST', auth: true, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchKeys.list }),
  });
}

/** `PUT /watches/{id}`: the bevakning and any of its name, way of telling and pause. */
export type WatchChange = Pick<Watch, 'id'> & Partial<Pick<Watch, 'name' | 'notify' | 'paused'>>;

export function useUpdateWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: WatchChange) =>
      apiFetch<Watch>(url(inventoryPaths.watchById(id)), { method: 'PUT', auth: true, body }),
    onSuccess: (watch) => {
      queryClient.setQueryData<Watch[]>(watchKeys.list, (list) => list?.map((w) => (w.id === watch.id ? watch : w)));
    },
  });
}

export function useDeleteWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(url(inventoryPaths.watchById(id)), { method: 'DELETE', auth: true }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Watch[]>(watchKeys.list, (list) => list?.filter((w) => w.id !== id));
      void queryClient.invalidateQueries({ queryKey: watchKeys.newCount });
    },
  });
}

/** The owner has looked at a bevakning: its count and the drawer's badge drop. */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(url(inventoryPaths.watchSeen(id)), { method: 'PUT', auth: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: watchKeys.list });
      void queryClient.invalidateQueries({ queryKey: watchKeys.newCount });
    },
  });
}

/** A mail's one-click link: no login, the signed token decides. */
export function unsubscribe(watch: string, token: string) {
  return apiFetch<WatchUnsubscribed>(url(inventoryPaths.watchesUnsubscribe), {
    method: 'POST',
    body: { watch, token },
  });
}
