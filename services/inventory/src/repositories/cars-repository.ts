import type { Queryable } from '@bilmarknaden/db/database';
import type { Car, CarListItem } from '@bilmarknaden/shared/api-types';
import type { ValidAd } from '@bilmarknaden/shared/validation/new-ad';
import { filtersCanMatch, type ListQuery, type Window } from '../services/search-query.ts';
import { closedSellerSql } from './closed-sellers-repository.ts';
import type { PhotoVersion } from './file-removals-repository.ts';
import { PRICE_DETAIL_JOIN, PRICE_DETAIL_JSON_FIELDS, PRICE_LIST_JSON_FIELDS } from './price-sql.ts';
import { jsonTimestamp } from './json-sql.ts';

/** The columns of the list shape; `c.` so the same list serves joins. */
export const LIST_COLUMNS =
  'c.id, c.title, c.year, c.transmission, c.fuel, c.price, c.created, c.milage, c.hp, c.make, c.model, c.image_count, c.image_version, c.kommun, c.price_history';

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
}

/** What owner actions need to know about an ad. */
export interface CarOwnership {
  id: number;
  username: string;
  status: 'pending' | 'active' | 'sold' | 'hidden';
  imageCount: number;
  imageVersion: number;
}

/** A timestamp column as ISO 8601 (PostgreSQL answers a Date, PGlite may answer text). */
export const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

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
  };
}

/**
 * A list item (CarListItem) without its price fields, as the database writes it from a row of LIST_COLUMNS named
 * `alias`: the names of `toListItem`, and `created` as JavaScript's toISOString writes it (UTC, the milliseconds
 * cut, not rounded).
 */
const itemJsonFields = (alias: string) =>
  `${alias}.id, ${alias}.title, ${alias}.year, ${alias}.transmission, ${alias}.fuel, ${alias}.price, ` +
  `${jsonTimestamp(`${alias}.created`)} AS created, ` +
  `${alias}.milage, ${alias}.hp, ${alias}.make, ${alias}.model, ${alias}.image_count AS "imageCount", ` +
  `${alias}.image_version AS "imageVersion", ${alias}.kommun`;

const LIST_ITEM_JSON_FIELDS = `${itemJsonFields('r')}, ${PRICE_LIST_JSON_FIELDS}`;

/** An ad (Car) without its price facts, as the database writes it from `inventory.cars c`. */
export const CAR_JSON_FIELDS = `${itemJsonFields('c')}, c.description, c.color, c.type, c.drivetrain, c.username AS "user"`;

/** One ad with its price facts where `statusSql` (a constant condition on `c`) holds, as the JSON text of the detail. */
const carJsonSql = (statusSql: string) =>
  `SELECT row_to_json(j)::text AS json
     FROM inventory.cars c ${PRICE_DETAIL_JOIN}, LATERAL (SELECT ${CAR_JSON_FIELDS}, ${PRICE_DETAIL_JSON_FIELDS}) j
    WHERE c.id = $1 AND ${statusSql}`;
const VISIBLE_CAR_JSON = carJsonSql(`c.status IN ('active', 'sold')`);
/** Hidden ads too: the moderators' view. */
const MODERATION_CAR_JSON = carJsonSql(`c.status IN ('active', 'sold', 'hidden')`);

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
}

/** Runs a query made by asJsonArray: the JSON array's text. */
export async function queryJsonArray(db: Queryable, { sql, params }: Statement): Promise<string> {
  const r = await db.query<{ json: string }>(sql, params);
  return r.rows[0]!.json;
}

// Whitelists: only these words ever reach the SQL text; every value is a parameter.
const ORDER_COLUMNS = { created: 'created', price: 'price', year: 'year', milage: 'milage', hp: 'hp' };
const DIRECTIONS = { asc: 'ASC', desc: 'DESC' };
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
  /** One word of the search term: `pattern` null when the word is too short for partial matching. */
  word: (text: string, pattern: string | null) => {
    // Swedish stems ('bilar' finds 'bil') OR part of a word in make/model/title ('volv', 'xc6').
    const fullText = `c.search @@ plainto_tsquery('swedish', ${text})`;
    return pattern === null ? fullText : `(${fullText} OR c.search_text LIKE ${pattern})`;
  },
  textKeys: Object.keys(TEXT_COLUMNS) as (keyof typeof TEXT_COLUMNS)[],
  rangeKeys: Object.keys(RANGE_CONDITIONS) as (keyof typeof RANGE_CONDITIONS)[],
  placeKeys: Object.keys(PLACE_COLUMNS) as (keyof typeof PLACE_COLUMNS)[],
};

/**
 * The SQL of one list page: the indexed order walked to the window (LIMIT/OFFSET, at most MAX_END rows deep). Every
 * shape can use an index: one per order (column, id), one per order of a make (lower(make), column, id), the
 * (lower(make), lower(model), created, id) index and the GIN indexes for search (inventory's baseline migration).
 */
export function buildListSql(q: ListQuery): Statement {
  const { where, params, p } = listConditions(q);
  const dir = DIRECTIONS[q.order];
  const orderBy = ` ORDER BY c.${ORDER_COLUMNS[q.orderBy]} ${dir}, c.id ${dir}`;
  const window = ` LIMIT ${p(q.window.end - q.window.start)} OFFSET ${p(q.window.start)}`;
  return {
    sql: `SELECT ${LIST_COLUMNS} FROM inventory.cars c WHERE ${where.join(' AND ')}${orderBy}${window}`,
    params,
  };
}

/**
 * How many ads a list's filters match, counted up to `cap` (decision 043): at most `cap` rows are read, through
 * the index a filter has, so a count costs about as much as a deep window whatever the number of ads.
 */
export function buildCountSql(q: ListQuery, cap: number): Statement {
  const { where, params, p } = listConditions(q);
  return {
    sql: `SELECT count(*)::int AS count FROM (SELECT 1 FROM inventory.cars c WHERE ${where.join(' AND ')} LIMIT ${p(cap)}) capped`,
    params,
  };
}

/** The WHERE conditions of a list query (its filters, search words and snapshot) and their values. */
function listConditions(q: ListQuery) {
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
  for (const w of q.words) {
    // A misspelt or spaced make or model also matches the catalogue's spelling (decision 043).
    const forms = [w, ...(w.alternatives ?? [])].map((f) =>
      LIST_CONDITIONS.word(p(f.text), f.likePattern === null ? null : p(f.likePattern)),
    );
    where.push(forms.length === 1 ? forms[0]! : `(${forms.join(' OR ')})`);
  }
  return { where, params, p };
}

/** The SQL of one list page as the API's JSON answer (asJsonArray over buildListSql). */
export function buildListJsonSql(q: ListQuery): Statement {
  const list = buildListSql(q);
  const dir = DIRECTIONS[q.order];
  return { ...list, sql: asJsonArray(list.sql, `r.${ORDER_COLUMNS[q.orderBy]} ${dir}, r.id ${dir}`) };
}

/**
 * An ad's 14 fields in the order of the column lists of `insertPending` (from $1) and `update` (from $3):
 * title, description, price, make, model, year, milage, hp, color, type, transmission, drivetrain, fuel, kommun.
 */
const adValues = (ad: ValidAd): unknown[] => [
  ad.title,
  ad.description,
  ad.price,
  ad.make,
  ad.model,
  ad.year,
  ad.milage,
  ad.hp,
  ad.color,
  ad.type,
  ad.transmission,
  ad.drivetrain,
  ad.fuel,
  ad.kommun,
];

export function carsRepository(db: Queryable) {
  /** A list page as the API's JSON text. */
  async function listJson(q: ListQuery): Promise<string> {
    // A value outside its option list, or a search term with no word in it ('%'), matches no ad: answered without a
    // query, which would have to read every ad to find none.
    if (q.wordlessTerm || !filtersCanMatch(q.filters)) return '[]';
    return queryJsonArray(db, buildListJsonSql(q));
  }

  /** A seller's ads visible at the snapshot `asOf` (as the list's, decision 005), newest first, as JSON text. */
  function listByUserJson(username: string, window: Window, asOf: Date): Promise<string> {
    return queryJsonArray(db, {
      sql: asJsonArray(
        `SELECT ${LIST_COLUMNS} FROM inventory.cars c
         WHERE lower(c.username) = lower($1) AND c.status = 'active' AND c.created <= $2
         ORDER BY c.created DESC, c.id DESC LIMIT $3 OFFSET $4`,
        'r.created DESC, r.id DESC',
      ),
      params: [username, asOf.toISOString(), window.end - window.start, window.start],
    });
  }

  /** How many visible ads the query's filters match, up to `cap`. */
  async function count(q: ListQuery, cap: number): Promise<number> {
    if (q.wordlessTerm || !filtersCanMatch(q.filters)) return 0;
    const { sql, params } = buildCountSql(q, cap);
    const r = await db.query<{ count: number }>(sql, params);
    return Number(r.rows[0]!.count);
  }

  /**
   * Up to `limit` visible ads of an ad's make and model, the nearest in price first ('Liknande bilar'): read
   * through the (lower(make), lower(model), created, id) index, the ad itself left out.
   */
  function similarJson(id: number, limit: number): Promise<string> {
    // The nearest cheaper and the nearest dearer, each a short walk of the (make, model, price) index.
    const side = (cond: string, dir: string) =>
      `(SELECT ${LIST_COLUMNS} FROM inventory.cars c
        WHERE lower(c.make) = lower(a.make) AND lower(c.model) = lower(a.model) AND c.status = 'active'
          AND c.id <> a.id AND ${cond}
        ORDER BY lower(c.make), lower(c.model), c.price ${dir}, c.id ${dir} LIMIT $2)`;
    return queryJsonArray(db, {
      sql: asJsonArray(
        `SELECT s.*, abs(s.price - a.price) AS distance
         FROM inventory.cars a, LATERAL (${side('c.price >= a.price', 'ASC')} UNION ALL
           ${side('c.price < a.price', 'DESC')}) s
         WHERE a.id = $1
         ORDER BY distance, s.id LIMIT $2`,
        'r.distance, r.id',
      ),
      params: [id, limit],
    });
  }

  async function findCarJson(id: number, sql: string): Promise<string | null> {
    const r = await db.query<{ json: string }>(sql, [id]);
    return r.rows[0]?.json ?? null;
  }
  const findCar = async (id: number, sql: string): Promise<Car | null> => {
    const json = await findCarJson(id, sql);
    return json === null ? null : (JSON.parse(json) as Car);
  };

  return {
    listJson,
    count,
    similarJson,
    /** A list page's items, for the tests: listJson parsed, so they check the SQL the route runs. */
    async list(q: ListQuery): Promise<CarListItem[]> {
      return JSON.parse(await listJson(q)) as CarListItem[];
    },

    /** The state of those of these ads that are shown, for sale or sold (messaging's inbox marks the others removed). */
    async shownStates(ids: readonly number[]): Promise<Map<number, 'active' | 'sold'>> {
      const r = await db.query<{ id: number; status: 'active' | 'sold' }>(
        `SELECT id, status FROM inventory.cars WHERE id = ANY ($1::int[]) AND status IN ('active', 'sold')`,
        [ids],
      );
      return new Map(r.rows.map((row) => [row.id, row.status]));
    },

    /**
     * A visible ad, for sale or sold (`soldAt`), with its price history and judgement, or null (unknown and
     * pending ads look the same from outside).
     */
    findActive: (id: number) => findCar(id, VISIBLE_CAR_JSON),

    /** findActive's ad as the JSON text of the detail route's answer, or null. */
    findActiveJson: (id: number) => findCarJson(id, VISIBLE_CAR_JSON),

    /** An ad as the public would see it, hidden ones too (the moderators' view), or null. */
    findForModeration: (id: number) => findCar(id, MODERATION_CAR_JSON),

    listByUserJson,

    /** `forUpdate`: locks the row until the transaction ends (a photo switch, decision 028). */
    async findOwnership(id: number, forUpdate = false): Promise<CarOwnership | null> {
      const r = await db.query<{
        id: number;
        username: string;
        status: 'pending' | 'active' | 'sold' | 'hidden';
        image_count: number;
        image_version: number;
      }>(
        `SELECT id, username, status, image_count, image_version FROM inventory.cars WHERE id = $1${
          forUpdate ? ' FOR UPDATE' : ''
        }`,
        [id],
      );
      const row = r.rows[0];
      return row
        ? {
            id: row.id,
            username: row.username,
            status: row.status,
            imageCount: row.image_count,
            imageVersion: row.image_version,
          }
        : null;
    },

    /** Stores a new ad as 'pending': invisible until its photos are stored. */
    async insertPending(ad: ValidAd, username: string): Promise<number> {
      const r = await db.query<{ id: number }>(
        `INSERT INTO inventory.cars
           (title, description, price, make, model, year, milage, hp, color, type, transmission, drivetrain, fuel, kommun,
            username)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         RETURNING id`,
        [...adValues(ad), username],
      );
      return r.rows[0]!.id;
    },

    /**
     * Makes a pending ad visible with its photo count; `created` is the moment it became visible. False when the
     * row is gone or its seller's account is closed: checked in this statement, so an upload that began before
     * the closure cannot publish after it (see `adService.create`).
     */
    async activate(id: number, imageCount: number): Promise<boolean> {
      const r = await db.query(
        // A seller blocked while the photos were stored publishes hidden (decision 041).
        `UPDATE inventory.cars c SET image_count = $2, created = now(), updated = now(),
           status = CASE WHEN EXISTS (SELECT 1 FROM inventory.blocked_sellers b
                                       WHERE b.username_lower = lower(c.username)) THEN 'hidden' ELSE 'active' END
         WHERE c.id = $1 AND c.status = 'pending' AND NOT ${closedSellerSql('c.username')}`,
        [id, imageCount],
      );
      return r.rowCount === 1;
    },

    /** Replaces the fields of the owner's ad; with `photos`, the row points at that stored photo version. */
    async update(
      id: number,
      username: string,
      ad: ValidAd,
      photos?: { count: number; version: number },
    ): Promise<boolean> {
      const params: unknown[] = [id, username, ...adValues(ad)];
      if (photos) params.push(photos.count, photos.version);
      const r = await db.query(
        `UPDATE inventory.cars SET title = $3, description = $4, price = $5, make = $6, model = $7, year = $8,
           milage = $9, hp = $10, color = $11, type = $12, transmission = $13, drivetrain = $14, fuel = $15,
           kommun = $16, updated = now()${photos ? ', image_count = $17, image_version = $18' : ''}
         WHERE id = $1 AND username = $2 AND status = 'active'`,
        params,
      );
      return r.rowCount === 1;
    },

    /**
     * Removes an ad; its saved entries go with it (foreign key ON DELETE CASCADE). Answers its photo version,
     * null when there was no such ad.
     */
    async delete(id: number, username?: string): Promise<number | null> {
      const r =
        username === undefined
          ? await db.query<VersionRow>('DELETE FROM inventory.cars WHERE id = $1 RETURNING id, image_version', [id])
          : await db.query<VersionRow>(
              'DELETE FROM inventory.cars WHERE id = $1 AND username = $2 RETURNING id, image_version',
              [id, username],
            );
      return r.rows[0]?.image_version ?? null;
    },

    /**
     * Ids of a seller's ads in every state, in id order after `afterId`: matched by lower(username) as the seller's
     * list matches them (cars_username_idx), for the erasure of a closed account.
     */
    async sellerAdIds(username: string, afterId: number, limit: number): Promise<number[]> {
      const r = await db.query<{ id: number }>(
        `SELECT id FROM inventory.cars WHERE lower(username) = lower($1) AND id > $2 ORDER BY id LIMIT $3`,
        [username, afterId, limit],
      );
      return r.rows.map((x) => x.id);
    },

    /** Removes those of these ads that are the seller's (lower(username)); answers their photo versions. */
    async deleteOfSeller(ids: readonly number[], username: string): Promise<PhotoVersion[]> {
      if (ids.length === 0) return [];
      const r = await db.query<VersionRow>(
        `DELETE FROM inventory.cars WHERE id = ANY($1::int[]) AND lower(username) = lower($2)
         RETURNING id, image_version`,
        [ids, username],
      );
      return r.rows.map(toPhotoVersion);
    },

    /** Pending ads created before `before` (all when absent): removed, their photo versions answered. */
    async deletePending(before?: Date): Promise<PhotoVersion[]> {
      const r =
        before === undefined
          ? await db.query<VersionRow>(
              `DELETE FROM inventory.cars WHERE status = 'pending' RETURNING id, image_version`,
            )
          : await db.query<VersionRow>(
              `DELETE FROM inventory.cars WHERE status = 'pending' AND created < $1 RETURNING id, image_version`,
              [before],
            );
      return r.rows.map(toPhotoVersion);
    },

    /** The status, photo count and version of those of these ids that have a row (the maintenance sweep). */
    async photoStates(
      ids: readonly number[],
    ): Promise<Map<number, { status: 'pending' | 'active' | 'sold'; imageCount: number; imageVersion: number }>> {
      if (ids.length === 0) return new Map();
      const r = await db.query<{
        id: number;
        status: 'pending' | 'active' | 'sold';
        image_count: number;
        image_version: number;
      }>('SELECT id, status, image_count, image_version FROM inventory.cars WHERE id = ANY($1::int[])', [ids]);
      return new Map(
        r.rows.map((x) => [x.id, { status: x.status, imageCount: x.image_count, imageVersion: x.image_version }]),
      );
    },

    /** The photo version served for photo n of a visible ad, or null: one lookup in the primary key. */
    async photoVersion(id: number, n: number): Promise<number | null> {
      const r = await db.query<{ image_version: number }>(
        `SELECT image_version FROM inventory.cars WHERE id = $1 AND status IN ('active', 'sold') AND image_count >= $2`,
        [id, n],
      );
      return r.rows[0]?.image_version ?? null;
    },
  };
}

interface VersionRow {
  id: number;
  image_version: number;
}
const toPhotoVersion = (r: VersionRow): PhotoVersion => ({ carId: r.id, version: r.image_version });

export type CarsRepository = ReturnType<typeof carsRepository>;
