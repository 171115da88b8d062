import {
  DEFAULT_ORDER,
  DEFAULT_ORDER_BY,
  DISTANCE_ORDER_BY,
  LIST_DEPTH_MESSAGE,
  LIST_ORDER_BY_VALUES,
  MAX_END,
  MAX_SEARCH_LENGTH,
  MAX_START,
  MAX_WINDOW,
  ORDER_VALUES,
  PAGE_SIZE,
  type ListOrderBy,
  type Order,
} from '@bilmarknaden/shared/constants';
import {
  DEALER_KEY,
  MAX_DEALER_SLUG,
  RANGE_KEYS,
  readSellerParam,
  SELLER_KEY,
  SELLER_MESSAGES,
  type RangeKey,
  type SellerValue,
} from '@bilmarknaden/shared/filters';
import { optionAttributes } from '@bilmarknaden/shared/options';
import { readRanges, type RangeBounds } from '@bilmarknaden/shared/validation/filter-ranges';
import { parseWholeNumber } from '@bilmarknaden/shared/validation/rules';
import { findKommun, findLan, PLACE_MESSAGES } from '@bilmarknaden/shared/places';
import { EQUIPMENT_KEY, EQUIPMENT_MESSAGES, readEquipmentParam } from '@bilmarknaden/shared/equipment';
import { NEAR_KEY, readDistanceFilter, WITHIN_KEY, type DistanceFilter } from '@bilmarknaden/shared/distance';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { foldForSearch } from './search-folding.ts';
import { isRegistrationNumber, normalizeRegistrationNumber } from '@bilmarknaden/shared/validation/registration-number';
import { INT_MAX } from '@bilmarknaden/shared/schemas/id-schemas';

/** A window of a list: rows start … end-1 (the specification's start/end). */
export interface Window {
  start: number;
  end: number;
}

/** Equality filters on text columns, already lower-cased; absent or empty means "any". */
export interface TextFilters {
  make?: string;
  model?: string;
  transmission?: string;
  fuel?: string;
  type?: string;
  color?: string;
  drivetrain?: string;
}

/** The place filters: a county code and a kommun code (packages/shared/src/places.ts). */
export interface PlaceFilters {
  lan?: string;
  kommun?: string;
}

/** The range bounds, as the shared reading of the filter forms gives them. */
export type RangeFilters = RangeBounds;

/** One word of the search term: matched by its Swedish stem, or as part of a word when long enough. */
export interface SearchWord {
  /** The word for `plainto_tsquery('swedish', …)`. */
  text: string;
  /** `%word%` with LIKE wildcards escaped, or null when the word is too short for the trigram index. */
  likePattern: string | null;
  /** Catalogue spellings that also match for this word ('volvo' for 'volvp', decision 043). */
  alternatives?: SearchWord[];
}

export interface ListQuery {
  window: Window;
  /** 'distance' ('Närmast') only with `distance.near`: nearest kommun first, `order` not used. */
  orderBy: ListOrderBy;
  order: Order;
  filters: TextFilters;
  ranges: RangeFilters;
  /** Absent in queries made before places existed: no place filter. */
  place?: PlaceFilters;
  /** Codes of the equipment list an ad must all have (list order); absent or empty: no equipment filter. */
  equipment?: readonly string[];
  /** Avstånd: the kommun measured from and the radius; absent or empty: no distance. */
  distance?: DistanceFilter;
  /** 'Privat / Handlare' (issue 45); absent: either. */
  seller?: SellerValue;
  /** One dealer's ads, by slug; absent: any seller. */
  dealer?: string;
  words: SearchWord[];
  /**
   * The whole term read as a registration number ('abc 123', 'ABC123'), normalized: its ad is found besides the
   * ads its words find (a term like 'BMW 320' is both).
   */
  registrationNumber?: string;
  /** A search term holding no word (only punctuation or symbols, like '%' or '🚗'): it matches no ad. */
  wordlessTerm?: boolean;
  /**
   * The listing's snapshot: only ads that became visible at or before it are listed, so every window of one
   * listing reads the same set (ads published while a reader pages through do not push later windows down).
   */
  asOf: Date;
}

export const WINDOW_MESSAGES = {
  start: `Ange start som ett heltal från 0 till ${MAX_START}`,
  end: 'Ange end som ett heltal större än start',
  depth: LIST_DEPTH_MESSAGE,
  window: `Högst ${MAX_WINDOW} annonser per förfrågan`,
  orderBy: `Sortera efter ${LIST_ORDER_BY_VALUES.join(', ')}`,
  order: 'Sorteringsordningen ska vara asc eller desc',
  searchterm: 'Söktermen är för lång',
  filter: 'Filtret är för långt',
  asOf: 'Ogiltig tidpunkt för listan',
} as const;

/** Query-string key → column of the text filters (the specification's keys: `trans` is the transmission). */
const TEXT_FILTER_KEYS = {
  make: 'make',
  model: 'model',
  trans: 'transmission',
  fuel: 'fuel',
  type: 'type',
  color: 'color',
  drivetrain: 'drivetrain',
} as const satisfies Record<string, keyof TextFilters>;

export const MAX_SEARCH_WORDS = 8;
const MAX_FILTER_LENGTH = 100;
/** pg_trgm needs three characters to use its index for `LIKE '%…%'`. */
const MIN_PARTIAL_LENGTH = 3;

type Raw = Record<string, unknown>;

/** A query parameter as one string; a repeated parameter is refused rather than guessed. */
function param(raw: Raw, key: string): string | undefined {
  const v = raw[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new DomainError('invalid', `Ange ${key} en gång`, { field: key });
  return v.trim();
}

function wholeNumber(raw: Raw, key: string, message: string, max = INT_MAX): number | undefined {
  const v = param(raw, key);
  if (v === undefined || v === '') return undefined;
  const n = parseWholeNumber(v);
  if (Number.isNaN(n) || n > max) throw new DomainError('invalid', message, { field: key });
  return n;
}

/** start/end of the specification (default 0–20): end > start, at most 100 rows, end at most MAX_END. */
export function parseWindow(raw: Raw, defaultSize = PAGE_SIZE): Window {
  const start = wholeNumber(raw, 'start', WINDOW_MESSAGES.start) ?? 0;
  const end = wholeNumber(raw, 'end', WINDOW_MESSAGES.end) ?? start + defaultSize;
  // The depth limit first: past it the answer is to narrow the search, whatever else is wrong with the window.
  if (end > MAX_END) throw new DomainError('invalid', WINDOW_MESSAGES.depth, { field: 'end' });
  if (end <= start) throw new DomainError('invalid', WINDOW_MESSAGES.end, { field: 'end' });
  if (end - start > MAX_WINDOW) throw new DomainError('invalid', WINDOW_MESSAGES.window, { field: 'end' });
  return { start, end };
}

function oneOf<T extends string>(raw: Raw, key: string, values: readonly T[], fallback: T, message: string): T {
  const v = param(raw, key);
  if (v === undefined || v === '') return fallback;
  const found = values.find((x) => x === v.toLowerCase());
  if (!found) throw new DomainError('invalid', message, { field: key });
  return found;
}

const lower = (v: string) => v.toLocaleLowerCase('sv-SE');

/** Escapes LIKE's wildcards so a user's '%' or '_' is matched literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Splits a search term into words (all must match): punctuation around a word is dropped, inner
 * hyphens and dots are kept so 'cx-5' and 'id.3' stay one word. The words are folded as the search columns are
 * ('citroën' is 'citroen', 'škoda' is 'skoda'; å, ä and ö stay).
 */
export function searchWords(term: string): SearchWord[] {
  const words = foldForSearch(term)
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w !== '');
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS).map((w) => ({
    text: w,
    likePattern: Array.from(w).length >= MIN_PARTIAL_LENGTH ? `%${escapeLike(w)}%` : null,
  }));
}

/** An ISO 8601 date-time: a date, 'T', hours and minutes, optional seconds and fraction, and a zone. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** The time of an ISO 8601 date-time, or NaN; strict where Date.parse is lenient (no 30 February, no 24:00). */
function parseIsoDateTime(v: string): number {
  const m = ISO_DATE_TIME.exec(v);
  if (!m) return NaN;
  const [year, month, day, hour, minute, second] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  if (date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day!) return NaN;
  if (hour! > 23 || minute! > 59 || second! > 59) return NaN;
  return Date.parse(v);
}

/**
 * The snapshot time of a listing: `asOf` (ISO 8601) when given, clamped to the latest snapshot when later; the
 * latest when absent. A malformed time is a 400.
 *
 * The latest snapshot is one millisecond before `now`: a listing holds the ads made visible at or before it
 * (decision 005), and on PGlite, whose clock counts whole milliseconds, an ad published right after the first
 * window in that window's millisecond had `created` equal to `now` and joined the later windows, pushing them
 * down by one. So the ads of the request's own millisecond wait for the next listing.
 */
export function parseAsOf(raw: Raw, now: Date = new Date()): Date {
  const latest = new Date(now.getTime() - 1);
  const v = param(raw, 'asOf');
  if (v === undefined || v === '') return latest;
  const t = parseIsoDateTime(v);
  if (Number.isNaN(t)) throw new DomainError('invalid', WINDOW_MESSAGES.asOf, { field: 'asOf' });
  return t > latest.getTime() ? latest : new Date(t);
}

/** The attributes whose stored values come only from an option list (decision 004), with their values. */
const OPTION_VALUES = optionAttributes.map(
  ([key, options]) => [key, new Set<string>(options.map((o) => o.value))] as const,
);

/**
 * False when a filter asks for a value outside its attribute's option list. Ads are stored only with listed
 * values (the server refuses others), so such a filter matches no ad and the list is empty without reading it.
 */
export function filtersCanMatch(filters: TextFilters): boolean {
  return OPTION_VALUES.every(([key, values]) => filters[key] === undefined || values.has(filters[key]));
}

/** `lan` and `kommun`: codes of the shared place lists; any other value is a 400 on its parameter. */
export function parsePlace(raw: Raw): PlaceFilters {
  const place: PlaceFilters = {};
  const lan = param(raw, 'lan');
  if (lan) {
    if (!findLan(lan)) throw new DomainError('invalid', PLACE_MESSAGES.lan, { field: 'lan' });
    place.lan = lan;
  }
  const kommun = param(raw, 'kommun');
  if (kommun) {
    if (!findKommun(kommun)) throw new DomainError('invalid', PLACE_MESSAGES.kommun, { field: 'kommun' });
    place.kommun = kommun;
  }
  return place;
}

/** `equipment`: codes of the shared list joined by commas; an unknown one is a 400 on the parameter. */
export function parseEquipment(raw: Raw): string[] {
  const read = readEquipmentParam(param(raw, EQUIPMENT_KEY));
  if ('unknown' in read) throw new DomainError('invalid', EQUIPMENT_MESSAGES.unknown, { field: EQUIPMENT_KEY });
  return read.codes;
}

/**
 * `near` and `within` (shared reading, decision 058): a known kommun, a radius of the list and only with a kommun;
 * the sort 'Närmast' only with a kommun. Each fault is a 400 on its parameter.
 */
export function parseDistance(raw: Raw, orderBy?: ListOrderBy): DistanceFilter {
  const read = readDistanceFilter({
    near: param(raw, NEAR_KEY),
    within: param(raw, WITHIN_KEY),
    nearest: orderBy === DISTANCE_ORDER_BY,
  });
  if (!read.ok) throw new DomainError('invalid', read.message, { field: read.field });
  return read.filter;
}

/** `seller` (privat or handlare) and `dealer` (a slug): a 400 on the parameter for anything else. */
export function parseSeller(raw: Raw): { seller?: SellerValue; dealer?: string } {
  const out: { seller?: SellerValue; dealer?: string } = {};
  const seller = readSellerParam(param(raw, SELLER_KEY));
  if (seller === null) throw new DomainError('invalid', SELLER_MESSAGES.seller, { field: SELLER_KEY });
  if (seller !== undefined) out.seller = seller;
  const dealer = param(raw, DEALER_KEY)?.toLowerCase();
  if (dealer) {
    if (dealer.length > MAX_DEALER_SLUG || !/^[\p{L}\p{N}-]+$/u.test(dealer)) {
      throw new DomainError('invalid', SELLER_MESSAGES.dealer, { field: DEALER_KEY });
    }
    out.dealer = dealer;
  }
  return out;
}

/** The query of `GET /001/2003`, checked: anything out of bounds is a 400 naming the parameter. */
export function parseListQuery(raw: Raw, now: Date = new Date()): ListQuery {
  const window = parseWindow(raw);
  const orderBy = oneOf(raw, 'orderBy', LIST_ORDER_BY_VALUES, DEFAULT_ORDER_BY, WINDOW_MESSAGES.orderBy);
  const order = oneOf(raw, 'order', ORDER_VALUES, DEFAULT_ORDER, WINDOW_MESSAGES.order);

  const filters: TextFilters = {};
  for (const [key, column] of Object.entries(TEXT_FILTER_KEYS)) {
    const v = param(raw, key);
    if (v === undefined || v === '') continue;
    if (v.length > MAX_FILTER_LENGTH) throw new DomainError('invalid', WINDOW_MESSAGES.filter, { field: key });
    filters[column] = lower(v);
  }

  // The filter forms' own reading (shared): a bound an ad cannot have, or a reversed range, is a 400 with its message.
  const rangeTexts: Partial<Record<RangeKey, string>> = {};
  for (const key of RANGE_KEYS) rangeTexts[key] = param(raw, key);
  const read = readRanges(rangeTexts);
  if (!read.ok) throw new DomainError('invalid', read.message, { field: read.field });
  const ranges: RangeFilters = read.ranges;

  const place = parsePlace(raw);
  const equipment = parseEquipment(raw);
  const distance = parseDistance(raw, orderBy);
  const seller = parseSeller(raw);

  const term = param(raw, 'searchterm') ?? '';
  if (term.length > MAX_SEARCH_LENGTH)
    throw new DomainError('invalid', WINDOW_MESSAGES.searchterm, { field: 'searchterm' });
  const asOf = parseAsOf(raw, now);
  const words = searchWords(term);
  const number = normalizeRegistrationNumber(term);
  return {
    window,
    orderBy,
    order,
    filters,
    ranges,
    place,
    equipment,
    distance,
    ...seller,
    words,
    ...(isRegistrationNumber(number) ? { registrationNumber: number } : {}),
    wordlessTerm: term !== '' && words.length === 0,
    asOf,
  };
}
