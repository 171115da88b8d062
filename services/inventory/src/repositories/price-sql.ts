import { jsonTimestamp } from './json-sql.ts';

// The SQL of the price facts that the list and detail statements (car-list-sql, car-details-repository) embed
// (decision 038). The judgement itself is the database's (inventory.price_label and inventory.price_bound): one
// place judges a price, and keeps each ad's judgement in its price_label column (001-schema.sql, decision 064).

/** Comparable ads a range needs (issue 28); an ad for sale counts in its own cell, so its judgement needs one more. */
export const MIN_COMPARABLES = 8;

/** The cell of `inventory.price_ranges` an ad `c` counts in: one primary-key lookup. */
const cellOf = (c: string) =>
  `pr.make_key = lower(${c}.make) AND pr.model_key = lower(${c}.model) AND pr.year = ${c}.year ` +
  `AND pr.band = inventory.milage_band(${c}.milage)`;

/** What the last change of a history took off the price, NULL when it raised it or there was none. */
const priceCut = (c: string) =>
  `nullif(greatest((${c}.price_history -> -2 ->> 'price')::integer - (${c}.price_history -> -1 ->> 'price')::integer, 0), 0)`;

/** The card's judgement and last price cut, for a row `r` of the list columns. */
export const PRICE_LIST_JSON_FIELDS = `r.price_label AS "priceLabel", ${priceCut('r')} AS "priceCut"`;

/**
 * The fields the ad's page adds, as JSON over a row `c` of `inventory.cars` and its cell `pr` (PRICE_DETAIL_JOIN):
 * sold time, the price history as shown, the last change's cut and the judgement, null when the ad is not judged
 * (sold, or without a price).
 */
export const PRICE_DETAIL_JSON_FIELDS =
  `${jsonTimestamp('c.sold_at')} AS "soldAt", c.price_history AS "priceHistory", ${priceCut('c')} AS "priceCut", ` +
  `CASE WHEN c.status = 'active' AND c.price > 0 THEN json_build_object(` +
  `'comparables', greatest(coalesce(pr.n, 0) - 1, 0), ` +
  `'low', CASE WHEN pr.n > ${MIN_COMPARABLES} THEN inventory.price_bound(pr.p25, c.year, c.milage) END, ` +
  `'high', CASE WHEN pr.n > ${MIN_COMPARABLES} THEN inventory.price_bound(pr.p75, c.year, c.milage) END, ` +
  `'label', c.price_label) ` +
  `END AS "priceJudgement"`;

/** Joins an ad `c` to its cell `pr` for PRICE_DETAIL_JSON_FIELDS. */
export const PRICE_DETAIL_JOIN = `LEFT JOIN inventory.price_ranges pr ON ${cellOf('c')}`;

/** The range a seller sees for an ad not yet counted (make $1, model $2, year $3, mileage $4). */
export const PRICE_RANGE_SQL =
  `SELECT coalesce(pr.n, 0) AS comparables, ` +
  `CASE WHEN pr.n >= ${MIN_COMPARABLES} THEN inventory.price_bound(pr.p25, $3, $4) END AS low, ` +
  `CASE WHEN pr.n >= ${MIN_COMPARABLES} THEN inventory.price_bound(pr.p75, $3, $4) END AS high ` +
  `FROM (SELECT) one LEFT JOIN inventory.price_ranges pr ON pr.make_key = lower($1) AND pr.model_key = lower($2) ` +
  `AND pr.year = $3 AND pr.band = inventory.milage_band($4)`;
