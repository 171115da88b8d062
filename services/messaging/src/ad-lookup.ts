import type { Car } from '@bilmarknaden/shared/api-types';
import { INVENTORY_BASE, inventoryPaths, cardImagePath } from '@bilmarknaden/shared/api-paths';

/**
 * An ad as messaging needs it now: who sells it, its title and first photo (kept in a new conversation) and its
 * state: 'sold' once its owner marked it sold (inventory still shows it, marked).
 */
export interface AdSnapshot {
  seller: string;
  title: string;
  /** Path of the first photo's card variant, or null. */
  photo: string | null;
  state: 'active' | 'sold';
  /** What a köpekontrakt is prefilled with (issue 41): the car as the ad and the register name it, price, mileage. */
  sale?: AdSale;
}

/** The ad's facts for a köpekontrakt. */
export interface AdSale {
  registrationNumber: string | null;
  make: string;
  model: string;
  year: number;
  price: number;
  milage: number;
}

/** Finds a visible ad by id, or null when there is none (deleted, hidden, never was). Messaging never reads inventory's tables. */
export type AdLookup = (carId: number) => Promise<AdSnapshot | null>;

/** The state now of several ads by id; an ad missing from the map is not shown any more ('removed'). */
export type AdStates = (carIds: readonly number[]) => Promise<Map<number, AdSnapshot['state']>>;

/**
 * AdStates through one lookup per ad, in parallel (messaging alone: inventory has no batch read). An ad whose lookup
 * fails is taken as shown: the page keeps the ad as it was rather than failing.
 */
export function statesByLookup(lookup: AdLookup): AdStates {
  return async (carIds) => {
    const states = new Map<number, AdSnapshot['state']>();
    await Promise.all(
      [...new Set(carIds)].map(async (id) => {
        const ad = await lookup(id).catch(() => ({ state: 'active' as const }));
        if (ad) states.set(id, ad.state);
      }),
    );
    return states;
  };
}

/** The fields of inventory's public ad (GET /001/2001) that the lookup reads. */
export type PublicAd = Pick<
  Car,
  | 'id'
  | 'title'
  | 'user'
  | 'imageCount'
  | 'imageVersion'
  | 'soldAt'
  | 'make'
  | 'model'
  | 'year'
  | 'price'
  | 'milage'
  | 'registrationNumber'
>;

/** An ad in inventory's public shape as the lookup answers it. */
export function adSnapshot(ad: PublicAd): AdSnapshot {
  return {
    seller: ad.user,
    title: ad.title,
    photo: ad.imageCount > 0 ? cardImagePath(ad.id, 1, ad.imageVersion) : null,
    state: ad.soldAt ? 'sold' : 'active',
    // A published ad's make, model and year are the register's (decision 051).
    sale: {
      registrationNumber: ad.registrationNumber ?? null,
      make: ad.make,
      model: ad.model,
      year: ad.year,
      price: ad.price,
      milage: ad.milage,
    },
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
