import { useQuery } from '@tanstack/react-query';
import { inventoryPaths, messagingPaths } from '@bilmarknaden/shared/api-paths';
import type { AdConversationCounts, OwnAd, StillForSaleAnswered } from '@bilmarknaden/shared/api-types';
import { apiFetch, inventoryUrl, messagingUrl } from '../../../lib/api-client.ts';
import { useSessionToken } from '../../../lib/session-store.ts';

/** The caller's ads with state, views and savers (under 'cars', so every change of an ad reads them again). */
export function useOwnAds() {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['cars', 'own'],
    enabled: token !== null,
    queryFn: ({ signal }) => apiFetch<OwnAd[]>(inventoryUrl(inventoryPaths.ownCars), { auth: true, signal }),
  });
}

/** How many conversations there are about each of the caller's ads (messaging's count: it owns them). */
export function useAdConversationCounts() {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['messages', 'per-ad'],
    enabled: token !== null,
    queryFn: ({ signal }) =>
      apiFetch<AdConversationCounts>(messagingUrl(messagingPaths.adConversationCounts), { auth: true, signal }),
    select: (counts) => new Map(counts.map((c) => [c.carId, c.conversations])),
  });
}

/** A one-click answer of the mail 'Är bilen fortfarande till salu?' (no login: the token decides). */
export function answerStillForSale(car: string, answer: string, token: string) {
  return apiFetch<StillForSaleAnswered>(inventoryUrl(inventoryPaths.stillForSale), {
    method: 'POST',
    body: { car, answer, token },
  });
}
