import type { Queryable } from '@bilmarknaden/db/database';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { filtersCanMatch, type ListQuery, type Window } from '../services/search-query.ts';
import { asJsonArray, buildCountSql, buildListJsonSql, LIST_COLUMNS, queryJsonArray } from './car-list-sql.ts';

/** The public lists of visible ads: the list and search, its count, a seller's ads and similar ads (decision 022). */
export function carListingsRepository(db: Queryable) {
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

  /** The seller box's counts: the seller's ads for sale and sold (pending and hidden ads are nobody's business). */
  async function sellerCounts(username: string): Promise<{ forSale: number; sold: number }> {
    const r = await db.query<{ for_sale: number; sold: number }>(
      `SELECT count(*) FILTER (WHERE status = 'active')::int AS for_sale,
              count(*) FILTER (WHERE status = 'sold')::int AS sold
         FROM inventory.cars WHERE lower(username) = lower($1)`,
      [username],
    );
    return { forSale: Number(r.rows[0]!.for_sale), sold: Number(r.rows[0]!.sold) };
  }

  /** How many visible ads the query's filters match, up to `cap`. */
  async function count(q: ListQuery, cap: number): Promise<number> {
    if (q.wordlessTerm || !filtersCanMatch(q.filters)) return 0;
    const { sql, params, planEach } = buildCountSql(q, cap);
    const r = await db.query<{ count: number }>(sql, params, { planEach });
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

  return {
    listJson,
    count,
    similarJson,
    listByUserJson,
    sellerCounts,
    /** A list page's items, for the tests: listJson parsed, so they check the SQL the route runs. */
    async list(q: ListQuery): Promise<CarListItem[]> {
      return JSON.parse(await listJson(q)) as CarListItem[];
    },
  };
}

export type CarListingsRepository = ReturnType<typeof carListingsRepository>;
