import type { Queryable } from '@bilmarknaden/db/database';
import { AD_LIFETIME_DAYS } from '@bilmarknaden/shared/ad-lifecycle';
import type { AdVehicleFacts } from '@bilmarknaden/shared/api-types';
import { FEED_LIMITS, type FeedRowError } from '@bilmarknaden/shared/dealer-feed';
import type { ImportRun } from '@bilmarknaden/shared/schemas/dealer-import-schemas';
import { NEW_AD_FIELDS, type ValidAd } from '@bilmarknaden/shared/validation/new-ad';
import { adValues } from './cars-repository.ts';
import { closedSellerSql } from './closed-sellers-repository.ts';
import { iso } from './json-sql.ts';

/** A run as its job reads it. */
export interface RunState {
  id: number;
  dealerSlug: string;
  dealerName: string;
  owner: string;
  full: boolean;
  status: ImportRun['status'];
  total: number;
  cursor: number;
}

/** A queued run's row as stored: its fields, or the error it was refused with when the feed was read. */
export interface StoredRow {
  n: number;
  fields: Record<string, string>;
  error?: FeedRowError;
}

/** An ad a row matched: the dealer's by externalId, else by registration number. */
export interface MatchedAd {
  id: number;
  status: 'pending' | 'active' | 'sold' | 'hidden' | 'expired';
  /** The feed's photos as last imported, one a line; null for none. */
  import_photos: string | null;
}

/** A dealer's ad as a chunk reads it: its match keys and the fields an import writes. */
export type ChunkAd = MatchedAd &
  ValidAd & {
    external_id: string | null;
    registration_number: string | null;
    for_sale: boolean;
    dealer_name: string | null;
  };

/** True when writing the row over the ad would change nothing (the update's IS DISTINCT FROM, read in the chunk). */
export function unchangedBy(
  ad: ChunkAd,
  row: { externalId: string; ad: ValidAd; photos: string },
  dealerName: string,
): boolean {
  if (ad.status === 'sold' || ad.status === 'expired') return false;
  if (ad.external_id !== row.externalId || ad.dealer_name !== dealerName) return false;
  if ((ad.import_photos ?? '') !== row.photos) return false;
  return AD_COLUMNS.every((c) =>
    c === 'equipment'
      ? JSON.stringify([...(ad.equipment ?? [])]) === JSON.stringify([...row.ad.equipment])
      : (ad[c] ?? null) === (row.ad[c] ?? null),
  );
}

/** What a chunk adds to its run. */
export interface ChunkTally {
  cursor: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: FeedRowError[];
}

interface RunRow {
  id: number;
  dealer_slug: string;
  dealer_name: string;
  owner: string;
  source: ImportRun['source'];
  started_by: string | null;
  format: ImportRun['format'];
  full_feed: boolean;
  status: ImportRun['status'];
  created: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  total: number;
  cursor: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  sold_count: number;
  error_count: number;
  errors: FeedRowError[] | string;
  failure: string | null;
}

const toRun = (r: RunRow): ImportRun => ({
  id: r.id,
  dealer: r.dealer_slug,
  source: r.source,
  startedBy: r.started_by,
  format: r.format,
  full: r.full_feed,
  status: r.status,
  created: iso(r.created),
  startedAt: r.started_at === null ? null : iso(r.started_at),
  finishedAt: r.finished_at === null ? null : iso(r.finished_at),
  total: r.total,
  done: r.cursor,
  counts: {
    created: r.created_count,
    updated: r.updated_count,
    unchanged: r.unchanged_count,
    sold: r.sold_count,
    errors: r.error_count,
  },
  errors: typeof r.errors === 'string' ? (JSON.parse(r.errors) as FeedRowError[]) : r.errors,
  failure: r.failure,
});

/** The columns an import writes, in the order of `adValues` (from `$first`). */
const AD_COLUMNS = [...NEW_AD_FIELDS, 'equipment'] as const;
const placeholders = (first: number) =>
  AD_COLUMNS.map((c, i) => `$${first + i}${c === 'equipment' ? '::text[]' : ''}`).join(', ');

const LIFETIME = `interval '${AD_LIFETIME_DAYS * 24} hours'`;
/** Sold by hand or by absence, or expired: a car of the feed is for sale again. */
const BACK_FOR_SALE = `c.status IN ('sold', 'expired')`;

/** Import runs of dealers' feeds, their queued rows, and the ads they write (decision 060). */
export function dealerImportRepository(db: Queryable) {
  return {
    /** Stores a run, its rows and its zip's photos; answers its id. Call inside the transaction that queues its job. */
    async insertRun(
      run: Pick<RunState, 'dealerSlug' | 'dealerName' | 'owner' | 'full'> & {
        source: ImportRun['source'];
        startedBy: string | null;
        format: ImportRun['format'];
      },
      rows: readonly StoredRow[],
      photos: ReadonlyMap<string, Uint8Array>,
    ): Promise<number> {
      const r = await db.query<{ id: number }>(
        `INSERT INTO inventory.import_runs (dealer_slug, dealer_name, owner, source, started_by, format, full_feed, total)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [run.dealerSlug, run.dealerName, run.owner, run.source, run.startedBy, run.format, run.full, rows.length],
      );
      const id = r.rows[0]!.id;
      for (let i = 0; i < rows.length; i += 500) {
        const batch = rows
          .slice(i, i + 500)
          .map((row) => ({ n: row.n, fields: row.error ? { ...row.fields, __error: row.error } : row.fields }));
        await db.query(
          `INSERT INTO inventory.import_rows (run_id, n, fields)
           SELECT $1, (x ->> 'n')::int, x -> 'fields' FROM jsonb_array_elements($2::jsonb) x`,
          [id, JSON.stringify(batch)],
        );
      }
      for (const [name, data] of photos) {
        await db.query('INSERT INTO inventory.import_photos (run_id, name, data) VALUES ($1, $2, $3)', [
          id,
          name,
          Buffer.from(data),
        ]);
      }
      return id;
    },

    /** The run for its job; `forUpdate` locks it until the transaction ends (one chunk at a time). */
    async state(id: number, forUpdate = false): Promise<RunState | null> {
      const r = await db.query<RunRow>(
        `SELECT * FROM inventory.import_runs WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
        [id],
      );
      const row = r.rows[0];
      return row
        ? {
            id: row.id,
            dealerSlug: row.dealer_slug,
            dealerName: row.dealer_name,
            owner: row.owner,
            full: row.full_feed,
            status: row.status,
            total: row.total,
            cursor: row.cursor,
          }
        : null;
    },

    /** An older run of the dealer not yet done: this one waits for it (two feeds never interleave). */
    async olderUnfinished(run: Pick<RunState, 'id' | 'dealerSlug'>): Promise<boolean> {
      const r = await db.query(
        `SELECT 1 FROM inventory.import_runs WHERE dealer_slug = $1 AND id < $2 AND status IN ('queued', 'running')
         LIMIT 1`,
        [run.dealerSlug, run.id],
      );
      return r.rows.length > 0;
    },

    async markRunning(id: number): Promise<void> {
      await db.query(
        `UPDATE inventory.import_runs SET status = 'running', started_at = coalesce(started_at, now())
         WHERE id = $1 AND status = 'queued'`,
        [id],
      );
    },

    /** The next `limit` rows after the first `cursor`, in row order. */
    async rows(runId: number, cursor: number, limit: number): Promise<StoredRow[]> {
      const r = await db.query<{ n: number; fields: Record<string, unknown> | string }>(
        `SELECT n, fields FROM inventory.import_rows WHERE run_id = $1 ORDER BY n OFFSET $2 LIMIT $3`,
        [runId, cursor, limit],
      );
      return r.rows.map((row) => {
        const { __error, ...fields } = (typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields) as Record<
          string,
          unknown
        >;
        return {
          n: row.n,
          fields: fields as Record<string, string>,
          ...(__error ? { error: __error as FeedRowError } : {}),
        };
      });
    },

    /**
     * The dealer's ads of a chunk's externalIds and numbers, read once for the chunk (its transaction holds the run's
     * lock, and a dealer's runs apply one at a time).
     */
    async matchAll(dealerSlug: string, externalIds: readonly string[], numbers: readonly string[]): Promise<ChunkAd[]> {
      const r = await db.query<ChunkAd>(
        `SELECT id, status, import_photos, external_id, registration_number, sold_at IS NULL AS for_sale,
           dealer_name, ${AD_COLUMNS.join(', ')}
         FROM inventory.cars
         WHERE dealer_slug = $1 AND (external_id = ANY($2::text[]) OR registration_number = ANY($3::text[]))
         ORDER BY id`,
        [dealerSlug, externalIds, numbers],
      );
      return r.rows;
    },

    /**
     * A new ad of the dealer, published at once (as `activate` publishes: hidden while its seller is blocked, none
     * for a closed account). Null when the owner's account is closed.
     */
    async insert(
      run: Pick<RunState, 'dealerSlug' | 'dealerName' | 'owner'>,
      car: {
        externalId: string;
        registrationNumber: string;
        ad: ValidAd;
        facts: AdVehicleFacts | null;
        photos: string;
      },
    ): Promise<number | null> {
      const r = await db.query<{ id: number }>(
        `INSERT INTO inventory.cars (${AD_COLUMNS.join(', ')}, username, registration_number, vehicle_facts,
           dealer_slug, dealer_name, external_id, import_photos, status, created, updated, expires_at)
         SELECT ${placeholders(1)}, $16, $17, $18::jsonb, $19, $20, $21, nullif($22, ''),
           CASE WHEN EXISTS (SELECT 1 FROM inventory.blocked_sellers b WHERE b.username_lower = lower($16))
             THEN 'hidden' ELSE 'active' END, now(), now(), now() + ${LIFETIME}
         WHERE NOT ${closedSellerSql('$16')}
         RETURNING id`,
        [
          ...adValues(car.ad),
          run.owner,
          car.registrationNumber,
          car.facts === null ? null : JSON.stringify(car.facts),
          run.dealerSlug,
          run.dealerName,
          car.externalId,
          car.photos,
        ],
      );
      return r.rows[0]?.id ?? null;
    },

    /** Which of these numbers an ad not sold holds (another seller's, or one the chunk does not match). */
    async numbersTaken(numbers: readonly string[]): Promise<Set<string>> {
      const r = await db.query<{ registration_number: string }>(
        `SELECT registration_number FROM inventory.cars
         WHERE registration_number = ANY($1::text[]) AND sold_at IS NULL`,
        [numbers],
      );
      return new Set(r.rows.map((x) => x.registration_number));
    },

    /**
     * New ads of the dealer in one statement (its triggers, the price statistics and the bevakningar's matching,
     * run once for all), published as `insert` publishes them; their ids by externalId. Empty when the owner's
     * account is closed.
     */
    async insertMany(
      run: Pick<RunState, 'dealerSlug' | 'dealerName' | 'owner'>,
      cars: readonly {
        externalId: string;
        registrationNumber: string;
        ad: ValidAd;
        facts: AdVehicleFacts | null;
        photos: string;
      }[],
    ): Promise<Map<string, number>> {
      const rows = cars.map((c) => ({
        ...c.ad,
        equipment: [...c.ad.equipment],
        externalId: c.externalId,
        registrationNumber: c.registrationNumber,
        facts: c.facts,
        photos: c.photos,
      }));
      const r = await db.query<{ id: number; external_id: string }>(
        `INSERT INTO inventory.cars (${AD_COLUMNS.join(', ')}, username, registration_number, vehicle_facts,
           dealer_slug, dealer_name, external_id, import_photos, status, created, updated, expires_at)
         SELECT x ->> 'title', x ->> 'description', (x ->> 'price')::int, x ->> 'make', x ->> 'model',
           (x ->> 'year')::int, (x ->> 'milage')::int, (x ->> 'hp')::int, x ->> 'color', x ->> 'type',
           x ->> 'transmission', x ->> 'drivetrain', x ->> 'fuel', x ->> 'kommun',
           ARRAY(SELECT jsonb_array_elements_text(x -> 'equipment')), $2, x ->> 'registrationNumber',
           nullif(x -> 'facts', 'null'::jsonb), $3, $4, x ->> 'externalId', nullif(x ->> 'photos', ''),
           CASE WHEN EXISTS (SELECT 1 FROM inventory.blocked_sellers b WHERE b.username_lower = lower($2))
             THEN 'hidden' ELSE 'active' END, now(), now(), now() + ${LIFETIME}
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e (x, i)
         WHERE NOT ${closedSellerSql('$2')}
         ORDER BY i
         RETURNING id, external_id`,
        [JSON.stringify(rows), run.owner, run.dealerSlug, run.dealerName],
      );
      return new Map(r.rows.map((x) => [x.external_id, x.id]));
    },

    /**
     * Writes the row's fields over the matched ad when one differs, and puts a sold or expired ad up for sale
     * again; an unchanged row writes nothing (no trigger fires). True when the ad was written.
     */
    async update(
      run: Pick<RunState, 'dealerName'>,
      id: number,
      car: { externalId: string; ad: ValidAd; photos: string },
    ): Promise<boolean> {
      const compared = [...AD_COLUMNS, 'external_id', 'dealer_name', 'import_photos'];
      const r = await db.query(
        `WITH back AS (
           UPDATE inventory.cars c SET ${AD_COLUMNS.map((col, i) => `${col} = $${i + 2}${col === 'equipment' ? '::text[]' : ''}`).join(', ')},
             external_id = $17, dealer_name = $18, import_photos = nullif($19, ''), updated = now(),
             sold_at = CASE WHEN ${BACK_FOR_SALE} THEN NULL ELSE c.sold_at END,
             expires_at = CASE WHEN ${BACK_FOR_SALE} THEN now() + ${LIFETIME} ELSE c.expires_at END,
             status = CASE WHEN ${BACK_FOR_SALE} THEN 'active' ELSE c.status END
           WHERE c.id = $1 AND (${BACK_FOR_SALE} OR (${compared.map((x) => `c.${x}`).join(', ')})
             IS DISTINCT FROM (${placeholders(2)}, $17, $18, nullif($19, '')))
           RETURNING c.id
         ), forgotten AS (
           DELETE FROM inventory.sales WHERE car_id IN (SELECT id FROM back)
         )
         SELECT id FROM back`,
        [id, ...adValues(car.ad), car.externalId, run.dealerName, car.photos],
      );
      return r.rows.length === 1;
    },

    /** Adds a chunk's outcome to its run with its cursor: committed with the chunk's ads. */
    async addChunk(runId: number, t: ChunkTally): Promise<void> {
      await db.query(
        `UPDATE inventory.import_runs SET cursor = $2, created_count = created_count + $3,
           updated_count = updated_count + $4, unchanged_count = unchanged_count + $5,
           error_count = error_count + $6,
           errors = CASE WHEN jsonb_array_length(errors) >= $8 THEN errors ELSE (
             SELECT coalesce(jsonb_agg(e ORDER BY i), '[]'::jsonb)
             FROM jsonb_array_elements(errors || $7::jsonb) WITH ORDINALITY AS x (e, i) WHERE i <= $8) END
         WHERE id = $1`,
        [
          runId,
          t.cursor,
          t.created,
          t.updated,
          t.unchanged,
          t.errors.length,
          JSON.stringify(t.errors),
          FEED_LIMITS.reportedErrors,
        ],
      );
    },

    /** Adds row errors found after the row was applied (its photos) to the run's report. */
    async addErrors(runId: number, errors: readonly FeedRowError[]): Promise<void> {
      if (errors.length === 0) return;
      await db.query(
        `UPDATE inventory.import_runs SET error_count = error_count + $2,
           errors = CASE WHEN jsonb_array_length(errors) >= $4 THEN errors ELSE (
             SELECT coalesce(jsonb_agg(e ORDER BY i), '[]'::jsonb)
             FROM jsonb_array_elements(errors || $3::jsonb) WITH ORDINALITY AS x (e, i) WHERE i <= $4) END
         WHERE id = $1`,
        [runId, errors.length, JSON.stringify(errors), FEED_LIMITS.reportedErrors],
      );
    },

    /** A zip photo of a run, or null when the zip had none of that name (or the run's photos were cleared). */
    async zipPhoto(runId: number, name: string): Promise<Buffer | null> {
      const r = await db.query<{ data: Uint8Array }>(
        'SELECT data FROM inventory.import_photos WHERE run_id = $1 AND name = $2',
        [runId, name],
      );
      return r.rows[0] ? Buffer.from(r.rows[0].data) : null;
    },

    /** Zip photos of runs finished a day ago: their photo jobs have long run. */
    async clearOldPhotos(): Promise<void> {
      await db.query(
        `DELETE FROM inventory.import_photos p USING inventory.import_runs r
         WHERE p.run_id = r.id AND r.finished_at < now() - interval '1 day'`,
      );
    },

    /**
     * A full feed's end: the dealer's imported ads for sale whose externalId is on none of the run's rows (bad rows
     * count as present) are marked sold, and the sale recorded as 'Markera som såld' does. Answers how many.
     */
    async markAbsentSold(run: Pick<RunState, 'id' | 'dealerSlug'>): Promise<number> {
      const r = await db.query<{ n: number }>(
        `WITH sold AS (
           UPDATE inventory.cars c SET status = 'sold', sold_at = now(), updated = now()
           WHERE c.dealer_slug = $1 AND c.external_id IS NOT NULL AND c.status = 'active'
             AND NOT EXISTS (SELECT 1 FROM inventory.import_rows r
                             WHERE r.run_id = $2 AND r.fields ->> 'externalId' = c.external_id)
           RETURNING c.id, c.make, c.model, c.year, c.milage, c.price, c.created, c.sold_at
         ), recorded AS (
           INSERT INTO inventory.sales (car_id, make, model, year, milage, price, listed_at, sold_at)
           SELECT id, make, model, year, milage, price, created, sold_at FROM sold
           ON CONFLICT (car_id) DO UPDATE SET sold_at = excluded.sold_at, price = excluded.price
         )
         SELECT count(*)::int AS n FROM sold`,
        [run.dealerSlug, run.id],
      );
      return Number(r.rows[0]!.n);
    },

    /** The run is done: its counts final, its rows gone (the report stays). */
    async finish(runId: number, sold: number): Promise<void> {
      await db.query(
        `UPDATE inventory.import_runs SET status = 'done', finished_at = now(), sold_count = $2 WHERE id = $1`,
        [runId, sold],
      );
      await db.query('DELETE FROM inventory.import_rows WHERE run_id = $1', [runId]);
    },

    /** The run cannot go on (its dealer's owner closed the account): failed with the reason, its rows gone. */
    async fail(runId: number, failure: string): Promise<void> {
      await db.query(
        `UPDATE inventory.import_runs SET status = 'failed', finished_at = now(), failure = $2
         WHERE id = $1 AND status IN ('queued', 'running')`,
        [runId, failure],
      );
      await db.query('DELETE FROM inventory.import_rows WHERE run_id = $1', [runId]);
      await db.query('DELETE FROM inventory.import_photos WHERE run_id = $1', [runId]);
    },

    /** A dealer's runs, newest first (at most `limit`). */
    async list(dealerSlug: string, limit: number): Promise<ImportRun[]> {
      const r = await db.query<RunRow>(
        'SELECT * FROM inventory.import_runs WHERE dealer_slug = $1 ORDER BY id DESC LIMIT $2',
        [dealerSlug, limit],
      );
      return r.rows.map(toRun);
    },

    async find(dealerSlug: string, id: number): Promise<ImportRun | null> {
      const r = await db.query<RunRow>('SELECT * FROM inventory.import_runs WHERE id = $1 AND dealer_slug = $2', [
        id,
        dealerSlug,
      ]);
      return r.rows[0] ? toRun(r.rows[0]) : null;
    },

    /** Uploads of the dealer since `since` (the hourly limit). */
    async countSince(dealerSlug: string, since: Date): Promise<number> {
      const r = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM inventory.import_runs WHERE dealer_slug = $1 AND created > $2',
        [dealerSlug, since.toISOString()],
      );
      return Number(r.rows[0]!.n);
    },
  };
}

export type DealerImportRepository = ReturnType<typeof dealerImportRepository>;
