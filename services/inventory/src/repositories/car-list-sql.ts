import type { Queryable } from '@bilmarknaden/db/database';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { DISTANCE_ORDER_BY, type ListOrderBy } from '@bilmarknaden/shared/constants';
import { roundKm } from '@bilmarknaden/shared/distance';
import { kommunerByDistance, kommunerWithin } from '@bilmarknaden/shared/kommun-distance';
import type { ListQuery } from '../services/search-query.ts';
import { PRICE_LIST_JSON_FIELDS } from './price-sql.ts';
import { iso, jsonTimestamp } from './json-sql.ts';

// The SQL of the list shape that every list of ads shares (the lists and search, a seller's ads, saved ads, the
// bevakningar's matches, the sold list): its columns, its JSON, and the list's conditions.

/** The columns of the list shape; `c.` so the same list serves joins. */
export const LIST_COLUMNS =
  'c.id, c.title, c.year, c.transmission, c.fuel, c.price, c.created, c.milage, c.hp, c.make, c.model, c.image_count, c.image_version, c.kommun, c.price_history, c.dealer_slug, c.dealer_name, c.price_label';

/** An ad as the mails of the bevakningar and of the saved ads show it: part of the list shape. */
export type MailAd = Pick<CarListItem, 'id' | 'title' | 'price' | 'year' | 'milage' | 'imageCount' | 'imageVersion'>;

/** The columns of MailAd from the ad `c`, named as its fields. */
export const MAIL_AD_COLUMNS =
  'c.id, c.title, c.price, c.year, c.milage, c.image_count AS "imageCount", c.image_version AS "imageVersion"';

export interface ListRow {
  id: number;
  title: string;
  year: number;
  transmission: string;
  fuel: string;
  price: number;
  created: Date | string;
  milage: number;
  hp: number;
  make: string;
  model: string;
  image_count: number;
  image_version: number;
  kommun: string | null;
  dealer_slug: string | null;
  dealer_name: string | null;
}

export function toListItem(r: ListRow): CarListItem {
  return {
    id: r.id,
    title: r.title,
    year: r.year,
    transmission: r.transmission,
    fuel: r.fuel,
    price: r.price,
    created: iso(r.created),
    milage: r.milage,
    hp: r.hp,
    make: r.make,
    model: r.model,
    imageCount: r.image_count,
    imageVersion: r.image_version,
    kommun: r.kommun,
    dealer: r.dealer_slug === null ? null : { slug: r.dealer_slug, name: r.dealer_name ?? '' },
  };
}

/** The ad's dealer as the cards and the ad's page show it (issue 45): `{slug, name}`, null for a private seller. */
const dealerJson = (alias: string) =>
  `CASE WHEN ${alias}.dealer_slug IS NULL THEN NULL ` +
  `ELSE json_build_object('slug', ${alias}.dealer_slug, 'name', ${alias}.dealer_name) END`;

/**
 * A list item (CarListItem) without its price fields, as the database writes it from a row of LIST_COLUMNS named
 * `alias`: the names of `toListItem`, and `created` as JavaScript's toISOString writes it (UTC, the milliseconds
 * cut, not rounded).
 */
const itemJsonFields = (alias: string) =>
  `${alias}.id, ${alias}.title, ${alias}.year, ${alias}.transmission, ${alias}.fuel, ${alias}.price, ` +
  `${jsonTimestamp(`${alias}.created`)} AS created, ` +
  `${alias}.milage, ${alias}.hp, ${alias}.make, ${alias}.model, ${alias}.image_count AS "imageCount", ` +
  `${alias}.image_version AS "imageVersion", ${alias}.kommun, ${dealerJson(alias)} AS dealer`;

const LIST_ITEM_JSON_FIELDS = `${itemJsonFields('r')}, ${PRICE_LIST_JSON_FIELDS}`;

/** An ad (Car) without its price facts, as the database writes it from `inventory.cars c`. */
export const CAR_JSON_FIELDS = `${itemJsonFields('c')}, c.description, c.color, c.type, c.drivetrain, c.username AS "user", c.equipment`;

/**
 * A list query (`sql`, rows of LIST_COLUMNS) as one row whose text column `json` is the API's answer: the JSON
 * array of its items, in `order` (an ORDER BY over `r`, the query's own order). The database writes the list's
 * JSON, so the server neither parses every field of every row nor serializes them again (decision 022).
 * `extraFields` (SQL over `r`, each `AS "name"`) adds fields to every item, for a list whose schema has them;
 * `instead` (a condition and an item's JSON, SQL over `r`) writes that item in place of the row's where it holds.
 */
export function asJsonArray(
  sql: string,
  order: string,
  extraFields?: string,
  instead?: { when: string; item: string },
): string {
  const fields = extraFields ? `${LIST_ITEM_JSON_FIELDS}, ${extraFields}` : LIST_ITEM_JSON_FIELDS;
  const item = instead
    ? `CASE WHEN ${instead.when} THEN (${instead.item})::text ELSE row_to_json(j)::text END`
    : 'row_to_json(j)::text';
  return (
    `SELECT '[' || coalesce(string_agg(${item}, ',' ORDER BY ${order}), '') || ']' AS json ` +
    `FROM (${sql}) r, LATERAL (SELECT ${fields}) j`
  );
}

/** A statement and its values. */
export interface Statement {
  sql: string;
  params: unknown[];
  /** Its best plan cannot depend on its values (QueryOptions.genericPlan). */
  genericPlan?: boolean;
  /** Its best plan depends on its values: how many ads a filter, word or distance matches (QueryOptions.planEach). */
  planEach?: boolean;
}

/** Runs a query made by asJsonArray: the JSON array's text. */
export async function queryJsonArray(
  db: Queryable,
  { sql, params, genericPlan, planEach }: Statement,
): Promise<string> {
  const r = await db.query<{ json: string }>(sql, params, { genericPlan, planEach });
  return r.rows[0]!.json;
}

// Whitelists: only these words ever reach the SQL text; every value is a parameter.
const ORDER_COLUMNS = { created: 'created', price: 'price', year: 'year', milage: 'milage', hp: 'hp' };
const DIRECTIONS = { asc: 'ASC', desc: 'DESC' };
/** The column of a sort; 'Närmast' without a kommun (which the parser refuses) falls back to the default. */
const orderColumn = (o: ListOrderBy) => (o === DISTANCE_ORDER_BY ? ORDER_COLUMNS.created : ORDER_COLUMNS[o]);
const TEXT_COLUMNS = {
  make: 'lower(c.make)',
  model: 'lower(c.model)',
  transmission: 'c.transmission',
  fuel: 'c.fuel',
  type: 'c.type',
  color: 'c.color',
  drivetrain: 'c.drivetrain',
};
const RANGE_CONDITIONS = {
  priceMin: 'c.price >= ',
  priceMax: 'c.price <= ',
  yearMin: 'c.year >= ',
  yearMax: 'c.year <= ',
  milageMax: 'c.milage <= ',
};
const PLACE_COLUMNS = { lan: 'c.lan', kommun: 'c.kommun' };

/**
 * The list's filters as SQL over the ad `c`, each with its value's SQL expression (a parameter for the list, a
 * column of `inventory.watches` for the bevakningar's matching): one definition, so a bevakning matches exactly
 * the ads its search lists.
 */
export const LIST_CONDITIONS = {
  // make and model are compared as lower(column) = lower($n) so the expression index applies.
  text: (key: keyof typeof TEXT_COLUMNS, value: string) =>
    key === 'make' || key === 'model' ? `${TEXT_COLUMNS[key]} = lower(${value})` : `${TEXT_COLUMNS[key]} = ${value}`,
  range: (key: keyof typeof RANGE_CONDITIONS, value: string) => `${RANGE_CONDITIONS[key]}${value}`,
  place: (key: keyof typeof PLACE_COLUMNS, value: string) => `${PLACE_COLUMNS[key]} = ${value}`,
  /** Every one of the codes `value` (a text[]) is among the ad's equipment (cars_equipment_idx). */
  equipment: (value: string) => `c.equipment @> ${value}`,
  /** Avstånd without a radius: ads with a place, whose distance is known (cars_kommun_created_idx). */
  placed: () => 'c.kommun IS NOT NULL',
  /** Avstånd with a radius: the ad's kommun is one of `value`, the kommuner within it (cars_kommun_created_idx). */
  kommunIn: (value: string) => `c.kommun = ANY(${value})`,
  /** 'Privat / Handlare' (issue 45): `value` is true for the dealers' ads, false for the private sellers'. */
  seller: (value: string) => `(c.dealer_slug IS NOT NULL) = ${value}`,
  /** One dealer's ads (its page's list): the dealer's slug. */
  dealer: (value: string) => `c.dealer_slug = ${value}`,
  /** One word of the search term: `pattern` null when the word is too short for partial matching. */
  word: (text: string, pattern: string | null) => {
    // Swedish stems ('bilar' finds 'bil') OR part of a word in make/model/title ('volv', 'xc6').
    const fullText = `c.search @@ plainto_tsquery('swedish', ${text})`;
    return pattern === null ? fullText : `(${fullText} OR c.search_text LIKE ${pattern})`;
  },
  /**
   * The ad of a registration number: sold ads are not listed, and asking for sold_at IS NULL lets the unique index
   * of the numbers (whose predicate it is, inventory's 001-schema.sql) find it.
   */
  registrationNumber: (value: string) => `(c.registration_number = ${value} AND c.sold_at IS NULL)`,
  textKeys: Object.keys(TEXT_COLUMNS) as (keyof typeof TEXT_COLUMNS)[],
  rangeKeys: Object.keys(RANGE_CONDITIONS) as (keyof typeof RANGE_CONDITIONS)[],
  placeKeys: Object.keys(PLACE_COLUMNS) as (keyof typeof PLACE_COLUMNS)[],
};

/**
 * The SQL of one list page: the indexed order walked to the window (LIMIT/OFFSET, at most MAX_END rows deep). Every
 * shape can use an index: one per order (column, id), one per order of a make (lower(make), column, id), the
 * (lower(make), lower(model), created, id) index and the GIN indexes for search (inventory's 001-schema.sql).
 */
export function buildListSql(q: ListQuery): Statement {
  if (isNearest(q)) return buildNearestSql(q);
  const { where, params, p, plain } = listConditions(q);
  const dir = DIRECTIONS[q.order];
  const orderBy = ` ORDER BY c.${orderColumn(q.orderBy)} ${dir}, c.id ${dir}`;
  // A first window has its size in the text (a few sizes only), so with no filter or word its best plan is the
  // order's index whatever the values: PGlite keeps that plan instead of planning each request (decision 050).
  const first = q.window.start === 0;
  const window = first
    ? ` LIMIT ${Math.trunc(q.window.end)}`
    : ` LIMIT ${p(q.window.end - q.window.start)} OFFSET ${p(q.window.start)}`;
  return {
    sql: `SELECT ${LIST_COLUMNS} FROM inventory.cars c WHERE ${where.join(' AND ')}${orderBy}${window}`,
    params,
    genericPlan: first && plain,
    // With a filter, word or distance the best index depends on how many ads match, which PostgreSQL's generic plan
    // cannot see: such a list is planned for its values, as on PGlite (decision 066).
    planEach: !plain,
  };
}

/** A query sorted 'Närmast': a kommun to measure from and the sort by distance. */
type NearestQuery = ListQuery & { orderBy: typeof DISTANCE_ORDER_BY; distance: { near: string } };
const isNearest = (q: ListQuery): q is NearestQuery => q.orderBy === DISTANCE_ORDER_BY && !!q.distance?.near;

/**
 * 'Närmast' (decision 058): the kommuner within the radius (or all), nearest first, each one's ads walked newest
 * first through cars_kommun_created_idx, at most `end` each. The nested loop yields the kommuner in the array's
 * order and stops at the window's end, so a page reads about as many ads as it shows (plus one index probe per
 * kommun passed), never the whole table. No outer ORDER BY: one would sort every kommun's rows before the window;
 * the JSON is ordered by (rank, created, id) again, and the integration tests check the order.
 */
function buildNearestSql(q: NearestQuery): Statement {
  const { where, params, p } = listConditions(q, true);
  const { near, within } = q.distance;
  const kommuner = within === undefined ? kommunerByDistance(near) : kommunerWithin(near, within);
  const codes = p(kommuner.map((k) => k.code));
  const kms = p(kommuner.map((k) => roundKm(k.km)));
  return {
    sql:
      `SELECT r.*, k.rank AS distance_rank, k.km AS distance_km ` +
      `FROM unnest(${codes}::text[], ${kms}::int[]) WITH ORDINALITY AS k (code, km, rank) ` +
      `CROSS JOIN LATERAL (SELECT ${LIST_COLUMNS} FROM inventory.cars c ` +
      `WHERE c.kommun = k.code AND ${where.join(' AND ')} ORDER BY c.created DESC, c.id DESC ` +
      `LIMIT ${p(q.window.end)}) r ` +
      `LIMIT ${p(q.window.end - q.window.start)} OFFSET ${p(q.window.start)}`,
    params,
    planEach: true,
  };
}

/**
 * How many ads a list's filters match, counted up to `cap` (decision 043): at most `cap` rows are read, through
 * the index a filter has, so a count costs about as much as a deep window whatever the number of ads.
 */
export function buildCountSql(q: ListQuery, cap: number): Statement {
  const { where, params, p, plain } = listConditions(q);
  return {
    sql: `SELECT count(*)::int AS count FROM (SELECT 1 FROM inventory.cars c WHERE ${where.join(' AND ')} LIMIT ${p(cap)}) capped`,
    params,
    planEach: !plain,
  };
}

/**
 * The WHERE conditions of a list query (its filters, search words and snapshot) and their values; `byKommun`: for
 * the walk of 'Närmast', which reads the distance's kommuner one by one.
 */
function listConditions(q: ListQuery, byKommun = false) {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  // The snapshot: ads made visible after it stay out of every window of the listing, so no window repeats or
  // skips an ad. It is compared exactly (whole milliseconds; `created` has microseconds): an ad made visible
  // later in the snapshot's own millisecond is left out too and shows in the next listing. `created` leads
  // the default sort indexes (an index condition) and is a cheap filter on the others.
  const where = ["c.status = 'active'", `c.created <= ${p(q.asOf.toISOString())}`];
  const snapshotOnly = where.length;
  for (const key of LIST_CONDITIONS.textKeys) {
    const value = q.filters[key];
    if (value !== undefined) where.push(LIST_CONDITIONS.text(key, p(value)));
  }
  for (const key of LIST_CONDITIONS.rangeKeys) {
    const value = q.ranges[key];
    if (value !== undefined) where.push(LIST_CONDITIONS.range(key, p(value)));
  }
  for (const key of LIST_CONDITIONS.placeKeys) {
    const value = q.place?.[key];
    if (value !== undefined) where.push(LIST_CONDITIONS.place(key, p(value)));
  }
  if (q.equipment && q.equipment.length > 0) where.push(LIST_CONDITIONS.equipment(`${p(q.equipment)}::text[]`));
  // 'Närmast' walks the kommuner themselves (buildNearestSql); any other list given a kommun to measure from keeps
  // the ads with a place, and a radius keeps those in the kommuner within it.
  const near = q.distance?.near;
  if (near && !byKommun) {
    const within = q.distance?.within;
    if (within === undefined) where.push(LIST_CONDITIONS.placed());
    else where.push(LIST_CONDITIONS.kommunIn(`${p(kommunerWithin(near, within).map((k) => k.code))}::text[]`));
  }
  if (q.seller !== undefined) where.push(LIST_CONDITIONS.seller(`${p(q.seller === 'handlare')}::boolean`));
  if (q.dealer !== undefined) where.push(LIST_CONDITIONS.dealer(p(q.dealer)));
  const words = q.words.map((w) => {
    // A misspelt or spaced make or model also matches the catalogue's spelling (decision 043).
    const forms = [w, ...(w.alternatives ?? [])].map((f) =>
      LIST_CONDITIONS.word(p(f.text), f.likePattern === null ? null : p(f.likePattern)),
    );
    return forms.length === 1 ? forms[0]! : `(${forms.join(' OR ')})`;
  });
  // A term that is a registration number finds its ad, or the ads its words find ('BMW 320' is both).
  if (q.registrationNumber !== undefined && words.length > 0) {
    where.push(`(${LIST_CONDITIONS.registrationNumber(p(q.registrationNumber))} OR (${words.join(' AND ')}))`);
  } else where.push(...words);
  // No filter, range, place or word: only the two conditions every list has.
  return { where, params, p, plain: where.length === snapshotOnly };
}

/** The SQL of one list page as the API's JSON answer (asJsonArray over buildListSql). */
export function buildListJsonSql(q: ListQuery): Statement {
  const list = buildListSql(q);
  if (isNearest(q)) {
    return {
      ...list,
      sql: asJsonArray(list.sql, 'r.distance_rank, r.created DESC, r.id DESC', 'r.distance_km AS "distanceKm"'),
    };
  }
  const dir = DIRECTIONS[q.order];
  const order = `r.${orderColumn(q.orderBy)} ${dir}, r.id ${dir}`;
  const near = q.distance?.near;
  if (!near) return { ...list, sql: asJsonArray(list.sql, order) };
  // Each card's distance: the rounded km of its kommun among the kommuner by distance from `near`; with a radius
  // every listed ad's kommun is one of those within it, so those alone are sent and searched.
  const params = [...list.params];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const within = q.distance?.within;
  const kommuner = within === undefined ? kommunerByDistance(near) : kommunerWithin(near, within);
  const distance =
    `(${p(kommuner.map((k) => roundKm(k.km)))}::int[])` +
    `[array_position(${p(kommuner.map((k) => k.code))}::text[], r.kommun)] AS "distanceKm"`;
  return { ...list, params, sql: asJsonArray(list.sql, order, distance) };
}
