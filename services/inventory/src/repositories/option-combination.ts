import { optionAttributes } from '@bilmarknaden/shared/options';
import type { TextFilters } from '../services/search-query.ts';

/**
 * The five option attributes (`optionAttributes`) in the order of `inventory.option_combination` (migration
 * 014): an ad's combination is Σ position × weight, each weight the product of the list lengths before it. The
 * lists' order here and in the migration must agree (a test compares every combination).
 */
const ATTRIBUTES = optionAttributes.map(([key, options]) => [key, options.map((o) => o.value)] as const);

/** How many combinations there are: 2 × 4 × 10 × 7 × 3. */
export const COMBINATIONS = ATTRIBUTES.reduce((n, [, values]) => n * values.length, 1);

/**
 * Filters that pass at most this share of the combinations are asked as combinations, which the planner can read
 * from `cars_option_combination_idx`. Broader ones (one ad in 20 or more matches) keep their plain comparisons
 * near the top of a list (a deep window asks every filter as combinations, tested in the order's index, migration
 * 015): walking the order's index finds their windows fast, and planning a long list of combinations costs more
 * (PostgreSQL, 1,000,000 ads: type and colour, 24 combinations, first page 0.74 → 0.92 ms; the same at start
 * 2,000 93 → 69 ms; all five 12 → 0.27 ms, and past their last match 355 → 2.0 ms).
 */
export const NARROW_SHARE = 1 / 20;

/** The combinations an ad can have and still pass the filters; null when none of the five is filtered. */
export function optionCombinations(filters: TextFilters): number[] | null {
  if (ATTRIBUTES.every(([key]) => filters[key] === undefined)) return null;
  let codes = [0];
  let weight = 1;
  for (const [key, values] of ATTRIBUTES) {
    const wanted = filters[key];
    // An unlisted value is at no position, so in no combination: the filters then match nothing.
    const positions =
      wanted === undefined
        ? values.map((_, i) => i)
        : [(values as readonly string[]).indexOf(wanted)].filter((i) => i >= 0);
    codes = codes.flatMap((code) => positions.map((p) => code + p * weight));
    weight *= values.length;
  }
  return codes;
}

/** The stored combination of an ad (migration 014), the first column of `cars_option_combination_idx`. */
export const COMBINATION_SQL = 'c.option_combination';
