import type { PriceHistoryEntry, PriceJudgement, PriceLabel } from '@bilmarknaden/shared/api-types';

// The SQL of the price facts that the list and detail statements of cars-repository embed (decision 038).

/** Comparable ads an ad needs for a judgement (issue 28); with fewer the page says so instead. */
export const MIN_COMPARABLES = 8;
/** Price changes the ad's page shows (the newest). */
export const PRICE_HISTORY_MAX = 20;

/**
 * The card's judgement and last price cut, for a row `r` of the list columns: a primary-key lookup in
 * `price_ranges` and one in `price_changes`, made only for the rows of the window (decision 038). A listed ad
 * counts among its own cell's ads, so it needs one more than MIN_COMPARABLES.
 */
export const PRICE_LIST_JSON_FIELDS =
  `(SELECT inventory.price_label(r.price, r.year, r.milage, pr.n, pr.p25, pr.p75, ${MIN_COMPARABLES + 1}) ` +
  'FROM inventory.price_ranges pr WHERE pr.make_key = lower(r.make) AND pr.model_key = lower(r.model) ' +
  'AND pr.year = r.year AND pr.band = inventory.milage_band(r.milage)) AS "priceLabel", ' +
  '(SELECT nullif(greatest(pc.old_price - pc.new_price, 0), 0) FROM inventory.price_changes pc ' +
  'WHERE pc.car_id = r.id ORDER BY pc.changed_at DESC LIMIT 1) AS "priceCut"';

/**
 * The columns the ad's page adds, for a row `c` of `inventory.cars` joined (LEFT JOIN PRICE_DETAIL_JOIN) to its
 * cell's range `pr`: sold time, the newest price changes as JSON text, and the judgement's parts.
 */
export const PRICE_DETAIL_COLUMNS =
  'c.sold_at, c.status AS sale_status, pr.n AS price_n, ' +
  'inventory.price_bound(pr.p25, c.year, c.milage) AS price_low, ' +
  'inventory.price_bound(pr.p75, c.year, c.milage) AS price_high, ' +
  `inventory.price_label(c.price, c.year, c.milage, pr.n, pr.p25, pr.p75, ${MIN_COMPARABLES + 1}) AS price_label, ` +
  `(SELECT coalesce(json_agg(json_build_array(h.changed_at, h.old_price, h.new_price) ORDER BY h.changed_at), '[]')::text ` +
  `FROM (SELECT changed_at, old_price, new_price FROM inventory.price_changes WHERE car_id = c.id ` +
  `ORDER BY changed_at DESC LIMIT ${PRICE_HISTORY_MAX}) h) AS price_changes`;

export const PRICE_DETAIL_JOIN =
  'inventory.price_ranges pr ON pr.make_key = lower(c.make) AND pr.model_key = lower(c.model) ' +
  'AND pr.year = c.year AND pr.band = inventory.milage_band(c.milage)';

export interface PriceDetailRow {
  sold_at: Date | string | null;
  sale_status: string;
  price: number;
  created: Date | string;
  price_n: number | null;
  price_low: number | null;
  price_high: number | null;
  price_label: PriceLabel | null;
  price_changes: string;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** The page's price fields from a row with PRICE_DETAIL_COLUMNS. */
export function toPriceDetail(r: PriceDetailRow) {
  const changes = JSON.parse(r.price_changes) as [string, number, number][];
  // The price as published, then each change; with more changes than shown, the oldest shown change's old price
  // stands at the publishing date.
  const priceHistory: PriceHistoryEntry[] = [
    { date: iso(r.created), price: changes[0]?.[1] ?? r.price },
    ...changes.map(([date, , price]) => ({ date: iso(date), price })),
  ];
  const last = changes.at(-1);
  const priceCut = last && last[1] > last[2] ? last[1] - last[2] : null;
  const forSale = r.sale_status === 'active' && r.price > 0;
  let priceJudgement: PriceJudgement | null = null;
  if (forSale) {
    const comparables = Math.max(0, (r.price_n ?? 0) - 1);
    const enough = comparables >= MIN_COMPARABLES;
    priceJudgement = {
      comparables,
      low: enough ? r.price_low : null,
      high: enough ? r.price_high : null,
      label: enough ? r.price_label : null,
    };
  }
  return { soldAt: r.sold_at === null ? null : iso(r.sold_at), priceHistory, priceCut, priceJudgement };
}
