// Avstånd (issue 44, decision 058): how far an ad is from a kommun the buyer names, measured between the kommuner's
// seats (packages/shared/src/kommun-points.ts). The list filter, its sort 'Närmast', the bevakningar, the filter
// form and the cards all read this file, so the server and the browser agree on every distance.
import { KOMMUN_POINT_TABLE } from './kommun-points.ts';
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

export interface GeoPoint {
  lat: number;
  lng: number;
}

export interface KommunPoint extends GeoPoint {
  /** The kommun's code, e.g. '0180'. */
  code: string;
  /** The seat's name in GeoNames, e.g. 'Stockholm'. */
  seat: string;
}

/** Every kommun's seat, by kommun code (all 290 of places.ts; the shared test checks it). */
export const KOMMUN_POINTS: ReadonlyMap<string, KommunPoint> = new Map(
  KOMMUN_POINT_TABLE.map(([code, seat, lat, lng]) => [code, { code, seat, lat, lng }]),
);

/** The mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance between two points, km (haversine: exact for a sphere, within 0.5 % of the ellipsoid). */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The distance between two kommuner's seats, km; undefined for an unknown code. */
export function kommunDistanceKm(from: string, to: string): number | undefined {
  const a = KOMMUN_POINTS.get(from);
  const b = KOMMUN_POINTS.get(to);
  return a && b ? haversineKm(a, b) : undefined;
}

export interface KommunDistance {
  code: string;
  km: number;
}

const byDistance = new Map<string, readonly KommunDistance[]>();

/**
 * Every kommun with its distance from `from`, nearest first (the kommun itself first, at 0 km; equal distances in
 * code order): the order of 'Närmast'. Empty for an unknown code.
 */
export function kommunerByDistance(from: string): readonly KommunDistance[] {
  const known = byDistance.get(from);
  if (known) return known;
  const origin = KOMMUN_POINTS.get(from);
  if (!origin) return [];
  const list = [...KOMMUN_POINTS.values()]
    .map((p) => ({ code: p.code, km: p.code === from ? 0 : haversineKm(origin, p) }))
    .sort((a, b) => a.km - b.km || a.code.localeCompare(b.code));
  byDistance.set(from, list);
  return list;
}

/** The kommuner whose seats lie within `radiusKm` of `from`'s (itself included), nearest first. */
export function kommunerWithin(from: string, radiusKm: number): KommunDistance[] {
  return kommunerByDistance(from).filter((k) => k.km <= radiusKm);
}

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
    if (!findKommun(near) || !KOMMUN_POINTS.has(near))
      return { ok: false, field: NEAR_KEY, message: DISTANCE_MESSAGES.near };
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
