import { DISTANCE_ORDER_BY } from '@bilmarknaden/shared/constants';
import { NEAR_KEY, readDistanceFilter, WITHIN_KEY } from '@bilmarknaden/shared/distance';

/** The distance filter as a page's URL holds it: a kommun code and a radius ('' for none), and 'Närmast'. */
export interface DistanceParams {
  near: string;
  within: string;
  nearest: boolean;
}

/** The URL's distance filter; one the server would refuse (an unknown kommun, another radius) is dropped. */
export function readDistanceParams(params: URLSearchParams): DistanceParams {
  const read = readDistanceFilter({ near: params.get(NEAR_KEY), within: params.get(WITHIN_KEY) });
  if (!read.ok || !read.filter.near) return { near: '', within: '', nearest: false };
  return {
    near: read.filter.near,
    within: read.filter.within === undefined ? '' : String(read.filter.within),
    nearest: params.get('orderBy') === DISTANCE_ORDER_BY,
  };
}

/** Writes the distance filter into `params` (in place): `near`, `within` and `orderBy=distance`, or none of them. */
export function writeDistanceParams(params: URLSearchParams, d: DistanceParams): URLSearchParams {
  params.delete(NEAR_KEY);
  params.delete(WITHIN_KEY);
  if (params.get('orderBy') === DISTANCE_ORDER_BY) params.delete('orderBy');
  if (d.near) {
    params.set(NEAR_KEY, d.near);
    if (d.within) params.set(WITHIN_KEY, d.within);
    if (d.nearest) params.set('orderBy', DISTANCE_ORDER_BY);
  }
  return params;
}

/** The list request's part of the distance filter: the filter itself, and the sort when 'Närmast'. */
export function distanceQuery(d: DistanceParams): { near?: string; within?: string } {
  if (!d.near) return {};
  return d.within ? { near: d.near, within: d.within } : { near: d.near };
}
