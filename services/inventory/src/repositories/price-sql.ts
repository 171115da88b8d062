import { jsonTimestamp } from './json-sql.ts';
import { MIN_COMPARABLES } from './price-judgement.ts';

// The SQL of the price facts that the list and detail statements of cars-repository embed (decision 038).

/**
 * The card's judgement and last price cut, for a row `r` of the list columns: a primary-key lookup in
 * `price_ranges`, made only for the rows of the window, and the cut kept on the ad's row (decision 038). A listed
 * ad counts among its own cell's ads, so it needs one more than MIN_COMPARABLES.
 */
export const PRICE_LIST_JSON_FIELDS =
  `(SELECT inventory.price_label(r.price, r.year, r.milage, pr.n, pr.p25, pr.p75, ${MIN_COMPARABLES + 1}) ` +
  'FROM inventory.price_ranges pr WHERE pr.make_key = lower(r.make) AND pr.model_key = lower(r.model) ' +
  'AND pr.year = r.year AND pr.band = inventory.milage_band(r.milage)) AS "priceLabel", r.price_cut AS "priceCut"';

/**
 * The fields the ad's page adds, as JSON over a row `c` of `inventory.cars`, all kept on the ad's row (migration
 * 012): sold time, the price history as shown (publishing date and price, then each change) and the last change's
 * cut. The judgement is added by the server from PRICE_DETAIL_CELL_COLUMNS (price-judgement.ts).
 */
export const PRICE_DETAIL_JSON_FIELDS = `${jsonTimestamp('c.sold_at')} AS "soldAt", c.price_history AS "priceHistory", c.price_cut AS "priceCut"`;

/**
 * Beside the JSON, what the judgement of a row `c` joined (LEFT JOIN PRICE_DETAIL_JOIN) to its cell's range `pr` is
 * made of: the cell's figures, `n` null when the ad is not judged (sold, or without a price).
 */
export const PRICE_DETAIL_CELL_COLUMNS =
  "CASE WHEN c.status = 'active' AND c.price > 0 THEN coalesce(pr.n, 0) END AS n, pr.p25, pr.p75, " +
  'c.price, c.year, c.milage';

export const PRICE_DETAIL_JOIN =
  'inventory.price_ranges pr ON pr.make_key = lower(c.make) AND pr.model_key = lower(c.model) ' +
  'AND pr.year = c.year AND pr.band = inventory.milage_band(c.milage)';
