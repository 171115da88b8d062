// Avstånd (issue 44, decision 058): the distance filter's keys, radii, messages and shared reading, and how a card
// and a chip write it. The list filter, the bevakningar, the filter form and the cards all read this file. The
// distances themselves (the kommuner's seats and haversine) are in kommun-distance.ts, which only the server needs:
// the browser shows the distances the API answers and does not carry the table.
import { findKommun } from './places.ts';

/** The query-string keys: the kommun measured from (`near`, a kommun code) and the radius in km (`within`). */
export const NEAR_KEY = 'near';
export const WITHIN_KEY = 'within';

/** The radii the filter offers ('Inom 10 / 25 / 50 / 100 / 200 km'); no other radius is accepted. */
export const DISTANCE_RADII = [10, 25, 50, 100, 200] as const;
export type DistanceRadius = (typeof DISTANCE_RADII)[number];

export const DISTANCE_LABEL = 'Avstånd';
export const NEAREST_LABEL = 'Närmast';

export const DISTANCE_MESSAGES = {
  near: 'Välj en kommun i listan att räkna avståndet från',
  within: `Välj ett avstånd i listan: ${DISTANCE_RADII.join(', ')} km`,
  withinWithoutNear: 'Välj en kommun att räkna avståndet från',
  orderWithoutNear: 'Välj en kommun för att sortera på närmast',
} as const;

/** A distance as the API answers it and a card shows it: whole km. */
export const roundKm = (km: number): number => Math.round(km);

/** A card's distance: 'ca 35 km'; the buyer's own kommun 'I samma kommun'. */
export function distanceText(km: number): string {
  return km === 0 ? 'I samma kommun' : `ca ${roundKm(km).toLocaleString('sv-SE').replace(/\s/g, ' ')} km`;
}

export const isDistanceRadius = (n: number): n is DistanceRadius => (DISTANCE_RADII as readonly number[]).includes(n);

/** The distance filter read: the kommun and the radius, each absent when not given. */
export interface DistanceFilter {
  near?: string;
  within?: DistanceRadius;
}

export type DistanceReading =
  | { ok: true; filter: DistanceFilter }
  | { ok: false; field: typeof NEAR_KEY | typeof WITHIN_KEY | 'orderBy'; message: string };

/**
 * The distance filter's texts as the form and the server read them: `near` a known kommun code, `within` one of
 * DISTANCE_RADII and only with a kommun, and the sort 'Närmast' (`nearest`) only with a kommun. Empty texts are
 * absent.
 */
export function readDistanceFilter(texts: {
  near?: string | null | undefined;
  within?: string | null | undefined;
  nearest?: boolean;
}): DistanceReading {
  const near = texts.near?.trim() ?? '';
  const within = texts.within?.trim() ?? '';
  const filter: DistanceFilter = {};
  if (near !== '') {
    // Every kommun has a seat (kommun-points.ts; distance.test.ts checks it).
    if (!findKommun(near)) return { ok: false, field: NEAR_KEY, message: DISTANCE_MESSAGES.near };
    filter.near = near;
  }
  if (within !== '') {
    const n = /^\d{1,3}$/.test(within) ? Number(within) : NaN;
    if (!isDistanceRadius(n)) return { ok: false, field: WITHIN_KEY, message: DISTANCE_MESSAGES.within };
    if (!filter.near) return { ok: false, field: NEAR_KEY, message: DISTANCE_MESSAGES.withinWithoutNear };
    filter.within = n;
  }
  if (texts.nearest && !filter.near) return { ok: false, field: NEAR_KEY, message: DISTANCE_MESSAGES.orderWithoutNear };
  return { ok: true, filter };
}

/** The distance filter as a chip: 'Inom 25 km från Solna', or 'Avstånd från Solna' without a radius; null: none. */
export function distanceChip(
  near: string | null | undefined,
  within: string | number | null | undefined,
): string | null {
  const kommun = near ? findKommun(near) : undefined;
  if (!kommun) return null;
  return within ? `Inom ${within} km från ${kommun.name}` : `${DISTANCE_LABEL} från ${kommun.name}`;
}
