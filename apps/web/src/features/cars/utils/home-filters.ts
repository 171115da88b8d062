import {
  DEFAULT_ORDER,
  DEFAULT_ORDER_BY,
  DISTANCE_ORDER_BY,
  LIST_ORDER_BY_VALUES,
  ORDER_VALUES,
  type ListOrderBy,
  type Order,
} from '@bilmarknaden/shared/constants';
import {
  DISTANCE_KEYS,
  EQUIPMENT_KEYS,
  FILTER_KEYS,
  PLACE_KEYS,
  RANGE_KEYS,
  type DistanceKey,
  readSellerParam,
  SELLER_KEYS,
  type EquipmentKey,
  type FilterKey,
  type PlaceKey,
  type RangeKey,
  type SellerKey,
  type SellerValue,
} from '@bilmarknaden/shared/filters';
import { equipmentParam, readEquipmentParam } from '@bilmarknaden/shared/equipment';
import { findKommun, readPlaceFilter } from '@bilmarknaden/shared/places';
import { readDistanceFilter } from '@bilmarknaden/shared/distance';
import type { CarListQuery } from '@bilmarknaden/shared/api-types';

// The home filters as they live in the query string (specification section 2), as pure functions.

/**
 * `equipment`: the codes joined by commas in the list's order, as the URL and the API carry them. `near` (a kommun
 * code) and `within` (km): the distance filter; `orderBy: 'distance'` only with `near`. `seller`: 'Privat /
 * Handlare'; `dealer`: one dealer's slug (its page's list links here with it).
 */
export type HomeFilters = Partial<Record<FilterKey | PlaceKey | EquipmentKey | DistanceKey, string>> &
  Partial<Record<RangeKey, number>> & { orderBy?: ListOrderBy; order?: Order } & {
    seller?: SellerValue;
    dealer?: string;
  };

export type HomeFilterKey = FilterKey | PlaceKey | EquipmentKey | DistanceKey | SellerKey | RangeKey | 'sort';

/**
 * Query-string order: the specification's keys, then the place, the equipment, the distance, the seller, the ranges,
 * the sort.
 */
const URL_KEYS = [
  ...FILTER_KEYS,
  ...PLACE_KEYS,
  ...EQUIPMENT_KEYS,
  ...DISTANCE_KEYS,
  ...SELLER_KEYS,
  ...RANGE_KEYS,
  'orderBy',
  'order',
] as const;

/** The equipment codes of the filters (none when absent). */
export const equipmentOf = (filters: HomeFilters): string[] => {
  const read = readEquipmentParam(filters.equipment);
  return 'codes' in read ? read.codes : [];
};

const isOrderBy = (v: string): v is ListOrderBy => (LIST_ORDER_BY_VALUES as readonly string[]).includes(v);
const isOrder = (v: string): v is Order => (ORDER_VALUES as readonly string[]).includes(v);

/** A whole, non-negative number from the URL, or undefined. */
function parseRange(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,12}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/** Reads the filters from a query string; unknown keys and malformed values are ignored. */
export function parseFilters(params: URLSearchParams): HomeFilters {
  const filters: HomeFilters = {};
  for (const key of FILTER_KEYS) {
    const v = params.get(key)?.trim();
    if (v) filters[key] = v;
  }
  // A model without a make means nothing (the model select is only enabled after a make).
  if (!filters.make) delete filters.model;
  Object.assign(filters, readPlaceFilter(params.get('lan'), params.get('kommun')));
  // An unknown code (an old or edited link) drops the whole equipment filter, as the server would refuse it.
  const equipment = readEquipmentParam(params.get('equipment'));
  if ('codes' in equipment && equipment.codes.length > 0) filters.equipment = equipmentParam(equipment.codes);
  // An unknown seller is dropped as an unknown code is.
  const seller = readSellerParam(params.get('seller'));
  if (seller) filters.seller = seller;
  const dealer = params.get('dealer')?.trim().toLowerCase();
  if (dealer && /^[\p{L}\p{N}-]{1,100}$/u.test(dealer)) filters.dealer = dealer;
  for (const key of RANGE_KEYS) {
    const n = parseRange(params.get(key));
    if (n !== undefined) filters[key] = n;
  }
  const orderBy = params.get('orderBy') ?? '';
  const order = params.get('order') ?? '';
  // A distance the server would refuse (an unknown kommun, another radius) is dropped with its sort, as above.
  const distance = readDistanceFilter({ near: params.get('near'), within: params.get('within') });
  if (distance.ok && distance.filter.near) {
    filters.near = distance.filter.near;
    if (distance.filter.within !== undefined) filters.within = String(distance.filter.within);
  }
  const nearestWithoutPlace = orderBy === DISTANCE_ORDER_BY && !filters.near;
  if (isOrderBy(orderBy) && !nearestWithoutPlace) filters.orderBy = orderBy;
  if (isOrder(order) && !nearestWithoutPlace) filters.order = order;
  return setSort(filters, filters.orderBy ?? DEFAULT_ORDER_BY, filters.order ?? DEFAULT_ORDER);
}

/** Writes the filters as a query string in a stable key order, leaving out empty values and the default sort. */
export function serializeFilters(filters: HomeFilters): URLSearchParams {
  const params = new URLSearchParams();
  const sortIsDefault =
    (filters.orderBy ?? DEFAULT_ORDER_BY) === DEFAULT_ORDER_BY && (filters.order ?? DEFAULT_ORDER) === DEFAULT_ORDER;
  for (const key of URL_KEYS) {
    if ((key === 'orderBy' || key === 'order') && sortIsDefault) continue;
    const v = filters[key];
    if (v === undefined || v === '') continue;
    params.set(key, String(v));
  }
  return params;
}

/** Sets one text filter; choosing (or clearing) a make resets the model. */
export function setFilter(filters: HomeFilters, key: FilterKey, value: string): HomeFilters {
  const next: HomeFilters = { ...filters };
  const v = value.trim();
  if (v) next[key] = v;
  else delete next[key];
  if (key === 'make' && v !== (filters.make ?? '')) delete next.model;
  return next;
}

/** Sets or clears the county or the kommun; a county drops a kommun outside it. */
export function setPlace(filters: HomeFilters, key: PlaceKey, value: string): HomeFilters {
  const next: HomeFilters = { ...filters };
  if (value) next[key] = value;
  else delete next[key];
  if (key === 'lan' && value && next.kommun && findKommun(next.kommun)?.lan !== value) delete next.kommun;
  return next;
}

/** Sets the equipment filter's codes (none clears it). */
export function setEquipment(filters: HomeFilters, codes: readonly string[]): HomeFilters {
  const next: HomeFilters = { ...filters };
  const value = equipmentParam(codes);
  if (value) next.equipment = value;
  else delete next.equipment;
  return next;
}

/** Sets the distance filter: a kommun (none clears it all, with the sort 'Närmast'), a radius, and 'Närmast'. */
export function setDistance(
  filters: HomeFilters,
  distance: { near: string; within: string; nearest?: boolean },
): HomeFilters {
  let next: HomeFilters = { ...filters };
  delete next.near;
  delete next.within;
  if (distance.near) {
    next.near = distance.near;
    if (distance.within) next.within = distance.within;
  }
  const nearest = distance.nearest ?? next.orderBy === DISTANCE_ORDER_BY;
  if (nearest && next.near) next = setSort(next, DISTANCE_ORDER_BY, 'asc');
  else if (next.orderBy === DISTANCE_ORDER_BY) next = setSort(next, DEFAULT_ORDER_BY, DEFAULT_ORDER);
  return next;
}

/** Sets or clears 'Privat / Handlare'. */
export function setSeller(filters: HomeFilters, value: SellerValue | undefined): HomeFilters {
  const next: HomeFilters = { ...filters };
  if (value) next.seller = value;
  else delete next.seller;
  return next;
}

/** Sets or clears one range bound. */
export function setRange(filters: HomeFilters, key: RangeKey, value: number | undefined): HomeFilters {
  const next: HomeFilters = { ...filters };
  if (value === undefined || Number.isNaN(value)) delete next[key];
  else next[key] = value;
  return next;
}

/** Sets the sort order; the default (newest first) is dropped. */
export function setSort(filters: HomeFilters, orderBy: ListOrderBy, order: Order): HomeFilters {
  const next: HomeFilters = { ...filters, orderBy, order };
  if (orderBy === DEFAULT_ORDER_BY && order === DEFAULT_ORDER) {
    delete next.orderBy;
    delete next.order;
  }
  return next;
}

/**
 * Removing the make chip also clears the model; an equipment chip (one per item, `value` its code) clears only its
 * item; any other chip clears only itself.
 */
export function removeChip(filters: HomeFilters, key: HomeFilterKey, value?: string): HomeFilters {
  if (key === 'equipment' && value !== undefined) {
    return setEquipment(
      filters,
      equipmentOf(filters).filter((c) => c !== value),
    );
  }
  // The distance has one chip: removing it removes the kommun, the radius and the sort by them.
  if (key === 'near' || key === 'within') return setDistance(filters, { near: '', within: '' });
  const next: HomeFilters = { ...filters };
  if (key === 'sort') {
    delete next.orderBy;
    delete next.order;
  } else delete next[key];
  if (key === 'make') delete next.model;
  return next;
}

/** The list request for the current filters (the window is added per page). */
export function toListQuery(filters: HomeFilters): Omit<CarListQuery, 'start' | 'end'> {
  return {
    ...filters,
    orderBy: filters.orderBy ?? DEFAULT_ORDER_BY,
    order: filters.order ?? DEFAULT_ORDER,
  };
}
