import type { Queryable } from '@bilmarknaden/db/database';
import type { WatchNotify, WatchQuery } from '@bilmarknaden/shared/watches';
import type { ListQuery } from '../services/search-query.ts';
import { asJsonArray, iso, LIST_CONDITIONS, LIST_COLUMNS, queryJsonArray } from './cars-repository.ts';

/** A bevakning as its owner sees it. */
export interface WatchRow {
  id: number;
  name: string;
  notify: WatchNotify;
  paused: boolean;
  query: WatchQuery;
  createdAt: string;
  /** Matching ads since the owner last opened it (visible ones). */
  newCount: number;
}

interface DbWatchRow {
  id: number;
  name: string;
  notify: WatchNotify;
  paused: boolean;
  query: WatchQuery | string;
  created_at: Date | string;
  new_count: number;
}

const toWatch = (r: DbWatchRow): WatchRow => ({
  id: r.id,
  name: r.name,
  notify: r.notify,
  paused: r.paused,
  query: typeof r.query === 'string' ? (JSON.parse(r.query) as WatchQuery) : r.query,
  createdAt: iso(r.created_at),
  newCount: Number(r.new_count),
});

/** The columns of `inventory.watches` that hold each list filter (the same keys as the parsed ListQuery). */
const TEXT_WATCH_COLUMNS = {
  make: 'make',
  model: 'model',
  transmission: 'transmission',
  fuel: 'fuel',
  type: 'type',
  color: 'color',
  drivetrain: 'drivetrain',
} as const;
const RANGE_WATCH_COLUMNS = {
  priceMin: 'price_min',
  priceMax: 'price_max',
  yearMin: 'year_min',
  yearMax: 'year_max',
  milageMax: 'milage_max',
} as const;
const PLACE_WATCH_COLUMNS = { lan: 'lan', kommun: 'kommun' } as const;

/**
 * The condition under which bevakning `w` lists ad `c`: the list's own conditions (LIST_CONDITIONS) with the
 * bevakning's columns as values, each holding when the bevakning has no such filter; every word of its term must
 * match, as the list's search needs every word. The make comes first in a form its index serves.
 */
export const WATCH_MATCH_SQL = [
  "coalesce(w.make, '') IN ('', lower(c.make))",
  ...LIST_CONDITIONS.textKeys.map(
    (key) => `(w.${TEXT_WATCH_COLUMNS[key]} IS NULL OR ${LIST_CONDITIONS.text(key, `w.${TEXT_WATCH_COLUMNS[key]}`)})`,
  ),
  ...LIST_CONDITIONS.rangeKeys.map(
    (key) =>
      `(w.${RANGE_WATCH_COLUMNS[key]} IS NULL OR ${LIST_CONDITIONS.range(key, `w.${RANGE_WATCH_COLUMNS[key]}`)})`,
  ),
  ...LIST_CONDITIONS.placeKeys.map(
    (key) =>
      `(w.${PLACE_WATCH_COLUMNS[key]} IS NULL OR ${LIST_CONDITIONS.place(key, `w.${PLACE_WATCH_COLUMNS[key]}`)})`,
  ),
  // A null pattern makes LIKE null: the word then matches by its stem alone, as the list leaves LIKE out.
  // A word also matches by its corrected spelling, as in the list (decision 043).
  `NOT EXISTS (SELECT 1 FROM unnest(w.words, w.patterns, w.alt_words, w.alt_patterns)
                 AS x (word, pattern, alt_word, alt_pattern)
     WHERE NOT coalesce(${LIST_CONDITIONS.word('x.word', 'x.pattern')}, false)
       AND NOT coalesce(x.alt_word IS NOT NULL AND ${LIST_CONDITIONS.word('x.alt_word', 'x.alt_pattern')}, false))`,
].join('\n AND ');

/** The parsed query's values in the order of the insert's filter columns. */
function filterValues(q: Pick<ListQuery, 'filters' | 'ranges' | 'place' | 'words'>): unknown[] {
  return [
    ...LIST_CONDITIONS.textKeys.map((k) => q.filters[k] ?? null),
    ...LIST_CONDITIONS.rangeKeys.map((k) => q.ranges[k] ?? null),
    ...LIST_CONDITIONS.placeKeys.map((k) => q.place?.[k] ?? null),
    q.words.map((w) => w.text),
    q.words.map((w) => w.likePattern),
    q.words.map((w) => w.alternatives?.[0]?.text ?? null),
    q.words.map((w) => w.alternatives?.[0]?.likePattern ?? null),
  ];
}
const FILTER_COLUMNS = [
  ...LIST_CONDITIONS.textKeys.map((k) => TEXT_WATCH_COLUMNS[k]),
  ...LIST_CONDITIONS.rangeKeys.map((k) => RANGE_WATCH_COLUMNS[k]),
  ...LIST_CONDITIONS.placeKeys.map((k) => PLACE_WATCH_COLUMNS[k]),
  'words',
  'patterns',
  'alt_words',
  'alt_patterns',
];

/** New visible hits of `w` since its owner last looked. */
const NEW_COUNT = `(SELECT count(*) FROM inventory.watch_hits h JOIN inventory.cars c ON c.id = h.car_id
  AND c.status = 'active' WHERE h.watch_id = w.id AND h.matched_at > w.seen_at)`;

const WATCH_COLUMNS = `w.id, w.name, w.notify, w.paused, w.query, w.created_at, ${NEW_COUNT} AS new_count`;

/** One user's bevakningar, their hits, and the matching of new ads (issue 26, decision 040). */
export function watchesRepository(db: Queryable) {
  return {
    /** Serialises one user's creations for the rest of the transaction (the limit). */
    async lockUser(username: string): Promise<void> {
      await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('watches:' || lower($1), 0))`, [username]);
    },

    async countOfUser(username: string): Promise<number> {
      const r = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM inventory.watches WHERE lower(username) = lower($1)',
        [username],
      );
      return Number(r.rows[0]!.n);
    },

    async insert(
      username: string,
      fields: { name: string; notify: WatchNotify; query: WatchQuery },
      parsed: Pick<ListQuery, 'filters' | 'ranges' | 'place' | 'words'>,
    ): Promise<number> {
      const values = [username, fields.name, fields.notify, JSON.stringify(fields.query), ...filterValues(parsed)];
      const r = await db.query<{ id: number }>(
        `INSERT INTO inventory.watches (username, name, notify, query, ${FILTER_COLUMNS.join(', ')})
         VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
        values,
      );
      return r.rows[0]!.id;
    },

    async listOfUser(username: string): Promise<WatchRow[]> {
      const r = await db.query<DbWatchRow>(
        `SELECT ${WATCH_COLUMNS} FROM inventory.watches w WHERE lower(w.username) = lower($1) ORDER BY w.id DESC`,
        [username],
      );
      return r.rows.map(toWatch);
    },

    async find(id: number, username: string): Promise<WatchRow | null> {
      const r = await db.query<DbWatchRow>(
        `SELECT ${WATCH_COLUMNS} FROM inventory.watches w WHERE w.id = $1 AND lower(w.username) = lower($2)`,
        [id, username],
      );
      return r.rows[0] ? toWatch(r.rows[0]) : null;
    },

    /** Changes the name, the way of telling or the pause; false when the user has no such bevakning. */
    async update(
      id: number,
      username: string,
      patch: { name?: string; notify?: WatchNotify; paused?: boolean },
    ): Promise<boolean> {
      const r = await db.query(
        `UPDATE inventory.watches SET name = coalesce($3, name), notify = coalesce($4, notify),
           paused = coalesce($5, paused)
         WHERE id = $1 AND lower(username) = lower($2)`,
        [id, username, patch.name ?? null, patch.notify ?? null, patch.paused ?? null],
      );
      return r.rowCount === 1;
    },

    async remove(id: number, username: string): Promise<boolean> {
      const r = await db.query('DELETE FROM inventory.watches WHERE id = $1 AND lower(username) = lower($2)', [
        id,
        username,
      ]);
      return r.rowCount === 1;
    },

    /** A closed account's bevakningar (their hits go with them). */
    async removeOfUser(username: string): Promise<number> {
      const r = await db.query('DELETE FROM inventory.watches WHERE lower(username) = lower($1)', [username]);
      return r.rowCount;
    },

    /** The new ads of all the user's bevakningar (the drawer's badge). */
    async newCountOfUser(username: string): Promise<number> {
      const r = await db.query<{ n: number }>(
        `SELECT coalesce(sum(${NEW_COUNT}), 0)::int AS n FROM inventory.watches w
         WHERE lower(w.username) = lower($1)`,
        [username],
      );
      return Number(r.rows[0]!.n);
    },

    /**
     * The visible ads a bevakning matched, new ones (since the owner last looked) first, each newest first, with
     * `isNew`; as the API's JSON text. At most `limit`.
     */
    adsJson(id: number, limit: number): Promise<string> {
      return queryJsonArray(db, {
        sql: asJsonArray(
          `SELECT ${LIST_COLUMNS}, h.matched_at > w.seen_at AS is_new, h.matched_at
           FROM inventory.watch_hits h JOIN inventory.watches w ON w.id = h.watch_id
           JOIN inventory.cars c ON c.id = h.car_id AND c.status = 'active'
           WHERE h.watch_id = $1
           ORDER BY h.matched_at > w.seen_at DESC, h.matched_at DESC, c.id DESC LIMIT $2`,
          'r.is_new DESC, r.matched_at DESC, r.id DESC',
          'r.is_new AS "isNew"',
        ),
        params: [id, limit],
      });
    },

    async markSeen(id: number, username: string): Promise<boolean> {
      const r = await db.query(
        `UPDATE inventory.watches SET seen_at = clock_timestamp() WHERE id = $1 AND lower(username) = lower($2)`,
        [id, username],
      );
      return r.rowCount === 1;
    },

    /**
     * Matches these ads (those visible) against every running bevakning in one statement, records each new hit
     * once ever, and queues in the same statement an alert job for each hit of a bevakning that mails at once.
     * Answers the hits recorded.
     */
    async matchCars(carIds: readonly number[]): Promise<number> {
      const r = await db.query<{ n: number }>(
        `WITH hits AS (
           INSERT INTO inventory.watch_hits (watch_id, car_id, digest_pending)
           SELECT w.id, c.id, w.notify = 'daily'
           FROM inventory.cars c JOIN inventory.watches w ON NOT w.paused AND ${WATCH_MATCH_SQL}
           WHERE c.id = ANY($1::int[]) AND c.status = 'active'
           ON CONFLICT (watch_id, car_id) DO NOTHING
           RETURNING watch_id, car_id
         ), alerts AS (
           INSERT INTO inventory.jobs (kind, payload)
           SELECT 'watch-alert', jsonb_build_object('watch', h.watch_id, 'car', h.car_id)
           FROM hits h JOIN inventory.watches w ON w.id = h.watch_id WHERE w.notify = 'instant'
         )
         SELECT count(*)::int AS n FROM hits`,
        [carIds],
      );
      return Number(r.rows[0]!.n);
    },
  };
}

export type WatchesRepository = ReturnType<typeof watchesRepository>;
