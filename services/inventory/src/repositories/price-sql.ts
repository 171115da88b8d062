import { jsonTimestamp } from './json-sql.ts';

// The SQL of the price facts that the list and detail statements of cars-repository embed (decision 038).

/** Comparable ads an ad needs for a judgement (issue 28); with fewer the page says so instead. */
export const MIN_COMPARABLES = 8;

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

// The newest price of the ad's kept history (migration 009), and the one before it.
const LAST_PRICE = "(c.price_history->-1->>'price')::integer";
const PRICE_BEFORE = "(c.price_history->-2->>'price')::integer";
const ENOUGH = `pr.n > ${MIN_COMPARABLES}`;

/**
 * The fields the ad's page adds, as JSON over a row `c` of `inventory.cars` joined (LEFT JOIN PRICE_DETAIL_JOIN) to
 * its cell's range `pr`: sold time; the price history kept on the ad's row (publishing date and price, then each
 * change; with more than 20 changes the oldest shown change's old price stands at the publishing date), or the
 * price as published; the last change's cut; and the judgement of an ad for sale (the ad counts among its own
 * cell's ads, so `comparables` is one less than the cell's count).
 */
export const PRICE_DETAIL_JSON_FIELDS =
  `${jsonTimestamp('c.sold_at')} AS "soldAt", ` +
  `coalesce(c.price_history, jsonb_build_array(jsonb_build_object('date', ${jsonTimestamp('c.created')}, ` +
  `'price', c.price))) AS "priceHistory", ` +
  `CASE WHEN ${LAST_PRICE} < ${PRICE_BEFORE} THEN ${PRICE_BEFORE} - ${LAST_PRICE} END AS "priceCut", ` +
  `CASE WHEN c.status = 'active' AND c.price > 0 THEN json_build_object(` +
  `'comparables', greatest(coalesce(pr.n, 0) - 1, 0), ` +
  `'low', CASE WHEN ${ENOUGH} THEN inventory.price_bound(pr.p25, c.year, c.milage) END, ` +
  `'high', CASE WHEN ${ENOUGH} THEN inventory.price_bound(pr.p75, c.year, c.milage) END, ` +
  `'label', inventory.price_label(c.price, c.year, c.milage, pr.n, pr.p25, pr.p75, ${MIN_COMPARABLES + 1})) ` +
  'END AS "priceJudgement"';

export const PRICE_DETAIL_JOIN =
  'inventory.price_ranges pr ON pr.make_key = lower(c.make) AND pr.model_key = lower(c.model) ' +
  'AND pr.year = c.year AND pr.band = inventory.milage_band(c.milage)';
