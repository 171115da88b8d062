// Bevakningar (saved searches, issue 26): what the search pages, the 'Bevakningar' page and the inventory share.
import { equipmentLabel, readEquipmentParam } from './equipment.ts';
import {
  DISTANCE_KEYS,
  EQUIPMENT_KEYS,
  FILTER_KEYS,
  PLACE_KEYS,
  RANGE_KEYS,
  readSellerParam,
  SELLER_KEYS,
  SELLER_LABELS,
} from './filters.ts';
import {
  colorOptions,
  drivetrainOptions,
  fuelOptions,
  optionLabel,
  transmissionOptions,
  typeOptions,
  type Option,
} from './options.ts';
import { distanceChip } from './distance.ts';
import { findKommun, findLan } from './places.ts';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from './validation/hidden-characters.ts';

/** At most this many bevakningar per user. */
export const MAX_WATCHES = 50;
export const MAX_WATCH_NAME = 80;

/** How a user is told of new ads: a mail per ad at once, a morning digest, or only the count on the site. */
export const WATCH_NOTIFY = ['instant', 'daily', 'site'] as const;
export type WatchNotify = (typeof WATCH_NOTIFY)[number];
export const WATCH_NOTIFY_LABELS: Record<WatchNotify, string> = {
  instant: 'Mejl direkt',
  daily: 'Mejl en gång om dagen',
  site: 'Bara här på sajten',
};

/** The hour (Swedish time) of the daily digest. */
export const DIGEST_HOUR = 7;

/** The query-string keys a bevakning keeps: the list's filters, ranges, places, equipment, distance, seller and term. */
export const WATCH_QUERY_KEYS = [
  ...FILTER_KEYS,
  ...RANGE_KEYS,
  ...PLACE_KEYS,
  ...EQUIPMENT_KEYS,
  ...DISTANCE_KEYS,
  ...SELLER_KEYS,
] as const;
export type WatchQueryKey = (typeof WATCH_QUERY_KEYS)[number];
export type WatchQuery = Partial<Record<WatchQueryKey, string>>;

export const WATCH_MESSAGES = {
  limit: `Du kan ha högst ${MAX_WATCHES} bevakningar. Ta bort en innan du sparar en ny.`,
  empty: 'Välj minst ett filter eller skriv en sökterm att bevaka',
  wordless: 'Söktermen behöver minst ett ord eller tal att bevaka',
  nameEmpty: 'Ge bevakningen ett namn',
  nameLong: `Namnet får vara högst ${MAX_WATCH_NAME} tecken`,
  nameCharacters: forbiddenCharactersMessage('Namnet', 'single-line'),
  queryCharacters: forbiddenCharactersMessage('Sökningen', 'single-line'),
  notify: 'Välj hur du vill bli meddelad',
  notFound: 'Bevakningen finns inte',
  tokenInvalid: 'Länken för att avsluta mejlen är ogiltig',
  tokenExpired: 'Länken har gått ut. Logga in och ändra bevakningen under Bevakningar.',
  tokenOther: 'Länken gäller en annan bevakning',
  unsubscribed: 'Du får inte längre mejl om den här bevakningen',
} as const;

/** The query's keys with a value, trimmed, in WATCH_QUERY_KEYS order (what is stored and linked). */
export function watchQueryFrom(params: Record<string, string | null | undefined>): WatchQuery {
  const query: WatchQuery = {};
  for (const key of WATCH_QUERY_KEYS) {
    const v = params[key]?.trim();
    if (v) query[key] = v;
  }
  return query;
}

/** Whether a search has anything to bevaka (a filter or a term). */
export const isWatchable = (query: WatchQuery) => Object.keys(query).length > 0;

const OPTION_LISTS: Partial<Record<WatchQueryKey, readonly Option[]>> = {
  trans: transmissionOptions,
  fuel: fuelOptions,
  type: typeOptions,
  color: colorOptions,
  drivetrain: drivetrainOptions,
};

const group = (v: string) => {
  const n = Number(v);
  return Number.isFinite(n) ? n.toLocaleString('sv-SE').replace(/\s/g, ' ') : v;
};

function range(from: string | undefined, to: string | undefined, unit: string, label: string): string | null {
  if (from && to) return `${label} ${group(from)}–${group(to)}${unit}`;
  if (from) return `${label} från ${group(from)}${unit}`;
  if (to) return `${label} till ${group(to)}${unit}`;
  return null;
}

/** The search as short Swedish chips: 'Volvo', 'V70', 'Diesel', 'Pris till 150 000 kr', '”xc60”'. */
export function watchChips(query: WatchQuery): string[] {
  const chips: string[] = [];
  if (query.make) chips.push(query.make);
  if (query.model) chips.push(query.model);
  for (const key of ['fuel', 'trans', 'type', 'color', 'drivetrain'] as const) {
    const v = query[key];
    if (v) chips.push(optionLabel(OPTION_LISTS[key]!, v));
  }
  const price = range(query.priceMin, query.priceMax, ' kr', 'Pris');
  if (price) chips.push(price);
  const year = range(query.yearMin, query.yearMax, '', 'Årsmodell');
  if (year) chips.push(year);
  if (query.milageMax) chips.push(`Högst ${group(query.milageMax)} mil`);
  if (query.kommun) chips.push(findKommun(query.kommun)?.name ?? query.kommun);
  else if (query.lan) chips.push(findLan(query.lan)?.name ?? query.lan);
  const equipment = readEquipmentParam(query.equipment);
  if ('codes' in equipment) chips.push(...equipment.codes.map(equipmentLabel));
  const distance = distanceChip(query.near, query.within);
  if (distance) chips.push(distance);
  const seller = readSellerParam(query.seller);
  if (seller) chips.push(SELLER_LABELS[seller]);
  if (query.dealer) chips.push(`Handlare: ${query.dealer}`);
  if (query.searchterm) chips.push(`”${query.searchterm}”`);
  return chips;
}

/** The name a new bevakning is given (the user can change it): its chips, cut to the name's length. */
export function watchName(query: WatchQuery): string {
  const name = watchChips(query).join(', ') || 'Min bevakning';
  return name.length > MAX_WATCH_NAME ? `${name.slice(0, MAX_WATCH_NAME - 1)}…` : name;
}

/** The message for a name the server would refuse, or null. */
export function watchNameMessage(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return WATCH_MESSAGES.nameEmpty;
  if (trimmed.length > MAX_WATCH_NAME) return WATCH_MESSAGES.nameLong;
  // Names and query values reach mail subjects and the chips: the same rule as other single-line names.
  if (hasForbiddenCharacters(name, 'single-line')) return WATCH_MESSAGES.nameCharacters;
  return null;
}

/** The first query value the server would refuse (a control or bidi character), with its key, or null. */
export function watchQueryProblem(query: WatchQuery): { field: WatchQueryKey; message: string } | null {
  for (const key of WATCH_QUERY_KEYS) {
    const value = query[key];
    if (value !== undefined && hasForbiddenCharacters(value, 'single-line')) {
      return { field: key, message: WATCH_MESSAGES.queryCharacters };
    }
  }
  return null;
}

/** The home page with the bevakning's search (its filters live in the query string). */
export function watchSearchHref(query: WatchQuery): string {
  const params = new URLSearchParams(query as Record<string, string>);
  return `/?${params.toString()}`;
}
