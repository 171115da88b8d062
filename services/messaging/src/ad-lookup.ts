import { INVENTORY_BASE, inventoryPaths, cardImagePath } from '@bilmarknaden/shared/api-paths';

/**
 * An ad as messaging needs it now: who sells it, its title and first photo (kept in a new conversation) and its
 * state. 'sold' comes with issue #28 (marking an ad sold); until then a found ad is 'active'.
 */
export interface AdSnapshot {
  seller: string;
  title: string;
  /** Path of the first photo's card variant, or null. */
  photo: string | null;
  state: 'active' | 'sold';
}

/** Finds a visible ad by id, or null when there is none (deleted, hidden, never was). Messaging never reads inventory's tables. */
export type AdLookup = (carId: number) => Promise<AdSnapshot | null>;

/** The fields of inventory's public ad (GET /001/2001) that the lookup reads. */
export interface PublicAd {
  id: number;
  title: string;
  user: string;
  imageCount: number;
  imageVersion: number;
}

/** An ad in inventory's public shape as the lookup answers it. */
export function adSnapshot(ad: PublicAd): AdSnapshot {
  return {
    seller: ad.user,
    title: ad.title,
    photo: ad.imageCount > 0 ? cardImagePath(ad.id, 1, ad.imageVersion) : null,
    // Issue #28 adds the sold state to inventory's answer: read it here.
    state: 'active',
  };
}

/**
 * Messaging alone: the ad through inventory's public detail at `inventoryUrl` (INVENTORY_URL). 404 is "no such ad";
 * anything else is a failure the caller decides about.
 */
export function httpAdLookup(inventoryUrl: string, fetchFn: typeof fetch = fetch, timeoutMs = 5000): AdLookup {
  const base = inventoryUrl.replace(/\/+$/, '');
  return async (carId) => {
    const response = await fetchFn(`${base}${INVENTORY_BASE}${inventoryPaths.car}?carid=${carId}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`inventory answered ${response.status} for ad ${carId}`);
    return adSnapshot((await response.json()) as PublicAd);
  };
}
