import type { Queryable } from '@bilmarknaden/db/database';
import type { PriceRange } from '@bilmarknaden/shared/api-types';
import { lastFailure, parseWholeNumber } from '@bilmarknaden/shared/validation/rules';
import { newAdRules, normalizeNewAd } from '@bilmarknaden/shared/validation/new-ad';
import { refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import { priceRepository } from '../repositories/price-repository.ts';

/** The new-ad form's rules for the four fields the range is read by: the same messages as the form. */
const RANGE_FIELDS = new Set(['make', 'model', 'year', 'milage']);
const rangeRules = newAdRules.filter((r) => RANGE_FIELDS.has(r.field));

/** The market range the seller sees while writing the ad (decision 038). */
export function priceService({ db }: { db: Queryable }) {
  const prices = priceRepository(db);
  return {
    async range(query: Record<string, unknown>): Promise<PriceRange> {
      const input = normalizeNewAd(query);
      refuseFailure(lastFailure(rangeRules, input));
      return prices.range(input.make, input.model, parseWholeNumber(input.year), parseWholeNumber(input.milage));
    },
  };
}

export type PriceService = ReturnType<typeof priceService>;
