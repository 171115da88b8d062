import type { Queryable } from '@bilmarknaden/db/database';
import type { Watch } from '@bilmarknaden/shared/api-types';
import type { WatchNotify, WatchQuery } from '@bilmarknaden/shared/watches';
import { kommunerWithin } from '@bilmarknaden/shared/kommun-distance';
import type { ListQuery } from '../services/search-query.ts';
import {
  asJsonArray,
  LIST_CONDITIONS,
  LIST_COLUMNS,
  MAIL_AD_COLUMNS,
  queryJsonArray,
  type MailAd,
} from './car-list-sql.ts';
import { iso } from './json-sql.ts';

interface DbWatchRow {
  id: number;
  name: string;
  notify: WatchNotify;
  paused: boolean;
  query: WatchQuery | string;
  created_at: Date | string;
  new_count: number;
}

/** A bevakning as its mails name it, with its owner. */
export type MailWatch = Pick<Watch, 'id' | 'name'> & { username: string };

/** One bevakning's part of a day's digest: its newest hits (at most the asked number) and how many there are. */
export interface WatchDigest {
  watch: MailWatch;
  ads: MailAd[];
  total: number;
}

const toWatch = (r: DbWatchRow): Watch => ({
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
  `(w.equipment IS NULL OR ${LIST_CONDITIONS.equipment('w.equipment')})`,
  `(w.near IS NULL OR ${LIST_CONDITIONS.placed()})`,
  `(w.near_kommuner IS NULL OR ${LIST_CONDITIONS.kommunIn('w.near_kommuner')})`,
  `(w.seller IS NULL OR ${LIST_CONDITIONS.seller("(w.seller = 'handlare')")})`,
  `(w.dealer IS NULL OR ${LIST_CONDITIONS.dealer('w.dealer')})`,
  // A null pattern makes LIKE null: the word then matches by its stem alone, as the list leaves LIKE out.
  // A word also matches by its corrected spelling, as in the list (decision 043).
  `NOT EXISTS (SELECT 1 FROM unnest(w.words, w.patterns, w.alt_words, w.alt_patterns)
                 AS x (word, pattern, alt_word, alt_pattern)
     WHERE NOT coalesce(${LIST_CONDITIONS.word('x.word', 'x.pattern')}, false)
       AND NOT coalesce(x.alt_word IS NOT NULL AND ${LIST_CONDITIONS.word('x.alt_word', 'x.alt_pattern')}, false))`,
].join('\n AND ');

/** What a bevakning keeps of the parsed query: the list's conditions, not its window or order. */
type WatchFilters = Pick<
  ListQuery,
  'filters' | 'ranges' | 'place' | 'equipment' | 'distance' | 'seller' | 'dealer' | 'words'
>;

/** The parsed query's values in the order of the insert's filter columns. */
function filterValues(q: WatchFilters): unknown[] {
  const near = q.distance?.near;
  const within = q.distance?.within;
  return [
    ...LIST_CONDITIONS.textKeys.map((k) => q.filters[k] ?? null),
    ...LIST_CONDITIONS.rangeKeys.map((k) => q.ranges[k] ?? null),
    ...LIST_CONDITIONS.placeKeys.map((k) => q.place?.[k] ?? null),
    q.equipment && q.equipment.length > 0 ? [...q.equipment] : null,
    near ?? null,
    near && within !== undefined ? kommunerWithin(near, within).map((k) => k.code) : null,
    q.seller ?? null,
    q.dealer ?? null,
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
  'equipment',
  'near',
  'near_kommuner',
  'seller',
  'dealer',
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
      parsed: WatchFilters,
    ): Promise<number> {
      const values = [username, fields.name, fields.notify, JSON.stringify(fields.query), ...filterValues(parsed)];
      const r = await db.query<{ id: number }>(
        `INSERT INTO inventory.watches (username, name, notify, query, ${FILTER_COLUMNS.join(', ')})
         VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
        values,
      );
      return r.rows[0]!.id;
    },

    async listOfUser(username: string): Promise<Watch[]> {
      const r = await db.query<DbWatchRow>(
        `SELECT ${WATCH_COLUMNS} FROM inventory.watches w WHERE lower(w.username) = lower($1) ORDER BY w.id DESC`,
        [username],
      );
      return r.rows.map(toWatch);
    },

    async find(id: number, username: string): Promise<Watch | null> {
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

    /** The bevakning and the ad of an alert, while the bevakning mails at once and runs and the ad is visible. */
    async instantAlert(watchId: number, carId: number): Promise<{ watch: MailWatch; ad: MailAd } | null> {
      const r = await db.query<MailAd & { watch_id: number; username: string; name: string }>(
        `SELECT w.id AS watch_id, w.username, w.name, ${MAIL_AD_COLUMNS}
         FROM inventory.watches w JOIN inventory.cars c ON c.id = $2 AND c.status = 'active'
         WHERE w.id = $1 AND w.notify = 'instant' AND NOT w.paused`,
        [watchId, carId],
      );
      const row = r.rows[0];
      if (!row) return null;
      const { watch_id, username, name, ...ad } = row;
      return { watch: { id: watch_id, username, name }, ad };
    },

    /**
     * Up to `limit` running daily bevakningar after id `after`, in id order, with hits matched by `cutoff` that no
     * digest has mailed yet.
     */
    async digestDue(after: number, cutoff: string, limit: number): Promise<number[]> {
      const r = await db.query<{ id: number }>(
        `SELECT w.id FROM inventory.watches w
         WHERE w.id > $1 AND w.notify = 'daily' AND NOT w.paused
           AND EXISTS (SELECT 1 FROM inventory.watch_hits h WHERE h.watch_id = w.id AND h.digest_pending
                       AND h.matched_at <= $2)
         ORDER BY w.id LIMIT $3`,
        [after, cutoff, limit],
      );
      return r.rows.map((x) => x.id);
    },

    /**
     * The digests of these bevakningar, in id order: each one's visible hits matched by `cutoff` that no digest has
     * mailed yet, newest first, at most `maxAds`, and their number. A bevakning with none of them visible has none.
     */
    async digests(watchIds: readonly number[], cutoff: string, maxAds: number): Promise<WatchDigest[]> {
      const r = await db.query<MailAd & { watch_id: number; username: string; name: string; total: number | string }>(
        `SELECT w.id AS watch_id, w.username, w.name, a.*
         FROM inventory.watches w, LATERAL (
           SELECT ${MAIL_AD_COLUMNS}, count(*) OVER () AS total
           FROM inventory.watch_hits h JOIN inventory.cars c ON c.id = h.car_id AND c.status = 'active'
           WHERE h.watch_id = w.id AND h.digest_pending AND h.matched_at <= $2
           ORDER BY h.matched_at DESC, c.id DESC LIMIT $3
         ) a
         WHERE w.id = ANY($1::int[])
         ORDER BY w.id`,
        [watchIds, cutoff, maxAds],
      );
      const byWatch = new Map<number, WatchDigest>();
      for (const { watch_id, username, name, total, ...ad } of r.rows) {
        const digest = byWatch.get(watch_id);
        if (digest) digest.ads.push(ad);
        else byWatch.set(watch_id, { watch: { id: watch_id, username, name }, ads: [ad], total: Number(total) });
      }
      return [...byWatch.values()];
    },

    /** The hits of these bevakningar matched by `cutoff` are mailed (their digest was asked for). */
    async markDigested(watchIds: readonly number[], cutoff: string): Promise<void> {
      await db.query(
        `UPDATE inventory.watch_hits SET digest_pending = false
         WHERE watch_id = ANY($1::int[]) AND digest_pending AND matched_at <= $2`,
        [watchIds, cutoff],
      );
    },

    /** Records the day's digest as queued at `at`: false when it already was (by another runner or replica). */
    async claimDigestDay(day: string, at: Date): Promise<boolean> {
      const r = await db.query(
        'INSERT INTO inventory.digest_days (day, queued_at) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING',
        [day, at.toISOString()],
      );
      return r.rowCount === 1;
    },
  };
}

export type WatchesRepository = ReturnType<typeof watchesRepository>;
