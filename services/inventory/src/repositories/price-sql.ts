import { jsonTimestamp } from './json-sql.ts';
import { MIN_COMPARABLES } from './price-judgement.ts';

// The SQL of the price facts that the list and detail statements of cars-repository embed (decision 038).

/**
 * The card's judgement and last price cut, for a row `r` of the list columns: a key lookup of the ad's cell
 * (`price_cell`, migration 012) in `price_ranges`, made only for the rows of the window, and the cut kept on the
 * ad's row (decision 038). A listed ad counts among its own cell's ads, so it needs one more than MIN_COMPARABLES.
 */
export const PRICE_LIST_JSON_FIELDS =
  `(SELECT inventory.price_label(r.price, r.year, r.milage, pr.n, pr.p25, pr.p75, ${MIN_COMPARABLES + 1}) ` +
  'FROM inventory.price_ranges pr WHERE pr.cell = r.price_cell) AS "priceLabel", r.price_cut AS "priceCut"';

/**
 * The fields the ad's page adds, as JSON over a row `c` of `inventory.cars`, all kept on the ad's row (migration
 * 012): sold time, the price history as shown (publishing date and price, then each change) and the last change's
 * cut. The server adds the judgement from PRICE_DETAIL_CELL (price-judgement.ts).
 */
export const PRICE_DETAIL_JSON_FIELDS = `${jsonTimestamp('c.sold_at')} AS "soldAt", c.price_history AS "priceHistory", c.price_cut AS "priceCut"`;

/**
 * Beside the JSON, as one text column `cell`, what the judgement of a row `c` is made of: the ad's price, model year
 * and mileage, then the key of its cell, whose figures the server keeps (price-cells.ts); NULL when the ad is not
 * judged (sold, or without a price). One column of text: each further column costs the server its description and
 * parsing on every read.
 */
export const PRICE_DETAIL_CELL =
  "CASE WHEN c.status = 'active' AND c.price > 0 THEN c.price::text || ',' || c.year::text || ',' || " +
  "c.milage::text || ',' || c.price_cell END AS cell";
