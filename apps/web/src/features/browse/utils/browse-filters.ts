import { BROWSE_YEAR_FROM, BROWSE_YEAR_TO } from '@bilmarknaden/shared/constants';
import type { CarFilters } from '@bilmarknaden/shared/api-types';
import { readPlaceFilter } from '@bilmarknaden/shared/places';
import { EQUIPMENT_KEY, equipmentParam, readEquipmentParam } from '@bilmarknaden/shared/equipment';
import {
  distanceQuery,
  readDistanceParams,
  writeDistanceParams,
  type DistanceParams,
} from '../../../lib/distance-params.ts';
import { readSellerParam, SELLER_KEY, type SellerValue } from '@bilmarknaden/shared/filters';

// The browse panel's filter (make, model, year range, county, kommun and equipment) in the URL, as pure functions.

export interface BrowseFilter {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  /** County code or ''. */
  lan: string;
  /** Kommun code or ''. */
  kommun: string;
  /** Equipment codes the cars must all have, in the list's order. */
  equipment: string[];
  /** Avstånd: the kommun measured from, the radius, and 'Närmast' ('' and false for none). */
  distance: DistanceParams;
  /** 'Privat / Handlare', or '' for either. */
  seller: SellerValue | '';
}

/** The URL's equipment codes; an unknown one drops the filter (the server would refuse it). */
function equipmentIn(params: URLSearchParams): string[] {
  const read = readEquipmentParam(params.get(EQUIPMENT_KEY));
  return 'codes' in read ? read.codes : [];
}

const year = (raw: string | null, fallback: number) => (raw && /^\d{4}$/.test(raw) ? Number(raw) : fallback);

/** Reads the URL: the make (all makes when absent), the model only with a make, years with their defaults. */
export function parseBrowse(params: URLSearchParams): BrowseFilter {
  const make = params.get('make')?.trim() ?? '';
  const place = readPlaceFilter(params.get('lan'), params.get('kommun'));
  return {
    make,
    lan: place.lan ?? '',
    kommun: place.kommun ?? '',
    model: make ? (params.get('model')?.trim() ?? '') : '',
    yearFrom: year(params.get('yearMin'), BROWSE_YEAR_FROM),
    yearTo: year(params.get('yearMax'), BROWSE_YEAR_TO),
    equipment: equipmentIn(params),
    distance: readDistanceParams(params),
    seller: readSellerParam(params.get(SELLER_KEY)) ?? '',
  };
}

/** The URL for an applied filter (the panel refuses a reversed range); the default years stay out. */
export function browseParams(f: BrowseFilter): URLSearchParams {
  const p = new URLSearchParams();
  if (f.make) p.set('make', f.make);
  if (f.make && f.model) p.set('model', f.model);
  if (f.yearFrom !== BROWSE_YEAR_FROM) p.set('yearMin', String(f.yearFrom));
  if (f.yearTo !== BROWSE_YEAR_TO) p.set('yearMax', String(f.yearTo));
  if (f.lan) p.set('lan', f.lan);
  if (f.kommun) p.set('kommun', f.kommun);
  if (f.equipment.length > 0) p.set(EQUIPMENT_KEY, equipmentParam(f.equipment));
  if (f.seller) p.set(SELLER_KEY, f.seller);
  return writeDistanceParams(p, f.distance);
}

/** The list request for the URL's filter. */
export function browseQuery(params: URLSearchParams): CarFilters {
  const q: CarFilters = {};
  const make = params.get('make')?.trim();
  const model = params.get('model')?.trim();
  if (make) q.make = make;
  if (make && model) q.model = model;
  const min = params.get('yearMin');
  const max = params.get('yearMax');
  if (min && /^\d{4}$/.test(min)) q.yearMin = Number(min);
  if (max && /^\d{4}$/.test(max)) q.yearMax = Number(max);
  const equipment = equipmentIn(params);
  if (equipment.length > 0) q.equipment = equipmentParam(equipment);
  const seller = readSellerParam(params.get(SELLER_KEY));
  if (seller) q.seller = seller;
  return {
    ...q,
    ...readPlaceFilter(params.get('lan'), params.get('kommun')),
    ...distanceQuery(readDistanceParams(params)),
  };
}
