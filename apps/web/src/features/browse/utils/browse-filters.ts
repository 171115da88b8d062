import { BROWSE_YEAR_FROM, BROWSE_YEAR_TO } from '@bilmarknaden/shared/constants';
import type { CarFilters } from '@bilmarknaden/shared/api-types';
import { readPlaceFilter } from '@bilmarknaden/shared/places';

// The browse panel's filter (make, model, year range, county and kommun) in the URL, as pure functions.

export interface BrowseFilter {
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  /** County code or ''. */
  lan: string;
  /** Kommun code or ''. */
  kommun: string;
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
  return p;
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
  return { ...q, ...readPlaceFilter(params.get('lan'), params.get('kommun')) };
}
