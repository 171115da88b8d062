import type { PriceJudgement, PriceRange } from '@bilmarknaden/shared/api-types';

// The range and label of decision 038 from a cell's figures (`inventory.price_ranges`), worked out by the server
// for the ad's page and the seller's form: the database only finds the cell, so a read costs it one lookup
// (decision 038, second amendment). The cards' label is `inventory.price_label` (migration 003) in the list SQL;
// this is the same arithmetic, in the same order of operations, and a test holds the two to the same answers.

/** Comparable ads an ad needs for a judgement (issue 28); with fewer the page says so instead. */
export const MIN_COMPARABLES = 8;

// ln(1.08) and ln(0.97) as PostgreSQL folds them into the migration's functions, so both use the same doubles.
const LN_YEAR = 0.0769610411361284;
const LN_MIL = -0.030459207484708574;

/** PostgreSQL's round(double precision): half to even. */
function rint(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** `inventory.price_bound`: a bin's price adjusted to a year and mileage, in whole thousands of kronor. */
export function priceBound(bin: number, year: number, milage: number): number {
  return rint(Math.exp(bin / 100 + LN_YEAR * (year - 2000) + (LN_MIL * milage) / 1000) / 1000) * 1000;
}

/** A cell's figures: its count of ads for sale and the bins of their 25th and 75th percentile (none: no cell). */
export interface PriceCell {
  n: number | null;
  p25: number | null;
  p75: number | null;
}

/**
 * The range for an ad not counted in the cell (the seller's form): `needed` of the cell's ads make a range. An ad
 * for sale counts in its own cell, so its judgement asks for one more.
 */
export function priceRange(cell: PriceCell, year: number, milage: number, needed = MIN_COMPARABLES): PriceRange {
  const n = cell.n ?? 0;
  return n >= needed && cell.p25 !== null && cell.p75 !== null
    ? { comparables: n, low: priceBound(cell.p25, year, milage), high: priceBound(cell.p75, year, milage) }
    : { comparables: n, low: null, high: null };
}

/** The judgement of an ad for sale with a price, counted in `cell` (so its comparables are one fewer). */
export function priceJudgement(cell: PriceCell, price: number, year: number, milage: number): PriceJudgement {
  const range = priceRange(cell, year, milage, MIN_COMPARABLES + 1);
  const label =
    range.low === null || range.high === null || price <= 0
      ? null
      : price < range.low
        ? 'low'
        : price > range.high
          ? 'high'
          : 'normal';
  return { comparables: Math.max(range.comparables - 1, 0), low: range.low, high: range.high, label };
}

/**
 * The judgement of an ad from its cell's `figures` (`n,p25,p75`) and its own `facts` (`price,year,milage`, the start
 * of the detail statement's PRICE_DETAIL_CELL).
 */
export function judgementOfCell(figures: string, facts: string): PriceJudgement {
  const [n, p25, p75] = figures.split(',').map(Number) as [number, number, number];
  const [price, year, milage] = facts.split(',').map(Number) as [number, number, number];
  return priceJudgement({ n, p25, p75 }, price, year, milage);
}
