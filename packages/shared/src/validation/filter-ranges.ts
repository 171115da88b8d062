import { RANGE_KEYS, type RangeKey } from '../filters.ts';
import { newAdRules, normalizeNewAd, type NewAdInput } from './new-ad.ts';
import { parseWholeNumber } from './rules.ts';

// A filter's bound (price, year, mileage) is read by the new ad's own rule for that value, so a filter accepts
// what an ad can have and refuses the rest with the same Swedish message ('Ange ett giltigt pris'). A range read
// the wrong way round is said in Swedish rather than swapped or listed as empty. ONE definition for the filter
// forms (home, browse) and the list API (GET /001/2003).

export const RANGE_ORDER_MESSAGES = {
  year: 'Från-året får inte vara efter till-året',
  price: 'Från-priset får inte vara högre än till-priset',
} as const;

export type OrderedRange = keyof typeof RANGE_ORDER_MESSAGES;

/** The message when both bounds are given and from is above to; equal bounds are a range of one. */
export function rangeOrderMessage(range: OrderedRange, from: number | undefined, to: number | undefined) {
  return from !== undefined && to !== undefined && from > to ? RANGE_ORDER_MESSAGES[range] : undefined;
}

export type BoundKind = 'price' | 'year' | 'milage';

export type BoundReading = { ok: true; value: number | undefined } | { ok: false; message: string };

function ruleOf(field: keyof NewAdInput) {
  const rule = newAdRules.find((r) => r.field === field);
  if (!rule) throw new Error(`No new-ad rule for ${field}`);
  return rule;
}

const BOUND_RULES = { price: ruleOf('price'), year: ruleOf('year'), milage: ruleOf('milage') } as const;

/** An empty text is no bound; anything else must pass the ad's rule, else its message. */
export function readBound(kind: BoundKind, text: string): BoundReading {
  if (text.trim() === '') return { ok: true, value: undefined };
  const rule = BOUND_RULES[kind];
  if (rule.fails(normalizeNewAd({ [kind]: text }))) return { ok: false, message: rule.message };
  return { ok: true, value: parseWholeNumber(text) };
}

/** The list's range parameters: the value of an ad each one bounds. */
export const RANGE_BOUND_KINDS = {
  priceMin: 'price',
  priceMax: 'price',
  yearMin: 'year',
  yearMax: 'year',
  milageMax: 'milage',
} as const satisfies Record<RangeKey, BoundKind>;

/** The parameters of each ordered range, from and to; a reversed range is named by its from. */
const ORDERED_RANGES = { price: ['priceMin', 'priceMax'], year: ['yearMin', 'yearMax'] } as const satisfies Record<
  OrderedRange,
  readonly [RangeKey, RangeKey]
>;

export type RangeBounds = Partial<Record<RangeKey, number>>;

export type RangesReading = { ok: true; ranges: RangeBounds } | { ok: false; field: RangeKey; message: string };

/** Reads a list's range parameters: each bound by its ad's rule, then each range's order; the first fault wins. */
export function readRanges(texts: Partial<Record<RangeKey, string>>): RangesReading {
  const ranges: RangeBounds = {};
  for (const key of RANGE_KEYS) {
    const text = texts[key];
    if (text === undefined) continue;
    const bound = readBound(RANGE_BOUND_KINDS[key], text);
    if (!bound.ok) return { ok: false, field: key, message: bound.message };
    if (bound.value !== undefined) ranges[key] = bound.value;
  }
  for (const [range, [from, to]] of Object.entries(ORDERED_RANGES) as [OrderedRange, readonly [RangeKey, RangeKey]][]) {
    const message = rangeOrderMessage(range, ranges[from], ranges[to]);
    if (message) return { ok: false, field: from, message };
  }
  return { ok: true, ranges };
}
