import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { PriceRange } from '@bilmarknaden/shared/api-types';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { newAdRules, type NewAdInput } from '@bilmarknaden/shared/validation/new-ad';
import { apiFetch, inventoryUrl, toQuery } from '../../../lib/api-client.ts';

type RangeInput = Pick<NewAdInput, 'make' | 'model' | 'year' | 'milage'>;

const RANGE_FIELDS = new Set(['make', 'model', 'year', 'milage']);
const rangeRules = newAdRules.filter((r) => RANGE_FIELDS.has(r.field));

/** Settles typing: the value once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The market range for what the seller has typed (GET /price-range), asked once make, model, year and mileage
 * pass the form's rules and the typing has settled.
 */
export function usePriceRange(input: RangeInput) {
  const filled = lastFailure(rangeRules, { ...EMPTY, ...input }) === null;
  const key = filled ? `${input.make}|${input.model}|${input.year}|${input.milage}` : '';
  const settled = useSettled(key, 400);
  const [make, model, year, milage] = settled.split('|');
  return useQuery({
    queryKey: ['price-range', settled],
    queryFn: ({ signal }) =>
      apiFetch<PriceRange>(inventoryUrl(`${inventoryPaths.priceRange}${toQuery({ make, model, year, milage })}`), {
        signal,
      }),
    enabled: settled !== '' && settled === key,
    staleTime: 60_000,
    retry: false,
  });
}

const EMPTY: NewAdInput = {
  title: '',
  description: '',
  price: '',
  make: '',
  model: '',
  year: '',
  milage: '',
  hp: '',
  color: '',
  type: '',
  transmission: '',
  drivetrain: '',
  fuel: '',
  kommun: '',
  equipment: [],
};
