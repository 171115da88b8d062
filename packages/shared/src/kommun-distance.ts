// Avstånd (issue 44, decision 058): how far apart two kommuner are, measured between their seats
// (packages/shared/src/kommun-points.ts, GeoNames). The server's list filter, its sort 'Närmast' and the bevakningar
// read it; the browser does not (it shows the distances the API answers), so the table stays out of its bundle.
import { KOMMUN_POINT_TABLE } from './kommun-points.ts';

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
