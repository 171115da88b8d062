import type { Database, Queryable } from '@bilmarknaden/db/database';
import { FEED_LIMITS } from '@bilmarknaden/shared/dealer-feed';
import type { DealerRef } from '@bilmarknaden/service-kit/dealer-directory';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import type { Log } from '@bilmarknaden/service-kit/log';
import { dealerImportRepository } from '../repositories/dealer-import-repository.ts';
import { iso } from '../repositories/json-sql.ts';
import { parseFeed } from './dealer-feed-parser.ts';
import type { DealerImportService } from './dealer-import-service.ts';
import { PhotoFetchError, type PhotoFetcher } from './photo-fetcher.ts';

export const DEALER_FEED_FETCH_JOB = 'dealer-feed-fetch';

/** A dealer's scheduled feed: fetched from `url` every `intervalMinutes`, next at `nextAt`. */
export interface DealerFeedSetting {
  url: string;
  intervalMinutes: number;
  nextAt: string;
}

export const FEED_SCHEDULE = { minMinutes: 15, maxMinutes: 7 * 24 * 60, defaultMinutes: 24 * 60 } as const;
export const FEED_SCHEDULE_MESSAGES = {
  url: 'Ange flödets adress, som börjar med https:// eller http://',
  interval: `Ange hur ofta flödet hämtas, i minuter (${FEED_SCHEDULE.minMinutes}–${FEED_SCHEDULE.maxMinutes})`,
  none: 'Handlaren har inget schemalagt flöde',
} as const;

/**
 * Queues the fetch of every scheduled feed that is due at `at` and moves it to its next time, in one statement:
 * replicas that run it together queue each fetch once. The job queue calls it before each round with its clock.
 */
export async function scheduleDealerFeeds(db: Queryable, at: Date): Promise<number> {
  const r = await db.query<{ n: number }>(
    `WITH due AS (
       UPDATE inventory.dealer_feeds SET next_at = $1::timestamptz + make_interval(mins => interval_minutes)
       WHERE next_at <= $1::timestamptz
       RETURNING dealer_slug
     ), queued AS (
       INSERT INTO inventory.jobs (kind, payload) SELECT $2, jsonb_build_object('dealer', dealer_slug) FROM due
     )
     SELECT count(*)::int AS n FROM due`,
    [at.toISOString(), DEALER_FEED_FETCH_JOB],
  );
  return Number(r.rows[0]!.n);
}

export interface DealerFeedsDeps {
  db: Database;
  imports: DealerImportService;
  /** Fetches a feed by its URL (the photo fetcher's limits, with the feed's size). */
  fetcher: PhotoFetcher;
  log: Pick<Log, 'warn' | 'error'>;
}

/** Dealers' feeds fetched on a schedule from a configured URL, through the job queue (decision 060). */
export function dealerFeeds({ db, imports, fetcher, log }: DealerFeedsDeps) {
  async function get(slug: string): Promise<DealerFeedSetting> {
    const r = await db.query<{ url: string; interval_minutes: number; next_at: Date | string }>(
      'SELECT url, interval_minutes, next_at FROM inventory.dealer_feeds WHERE dealer_slug = $1',
      [slug],
    );
    const row = r.rows[0];
    if (!row) throw new DomainError('not-found', FEED_SCHEDULE_MESSAGES.none);
    return { url: row.url, intervalMinutes: row.interval_minutes, nextAt: iso(row.next_at) };
  }

  return {
    get,

    /** Sets the dealer's feed URL and interval; the first fetch is due at once. */
    async set(dealer: DealerRef, input: { url?: unknown; intervalMinutes?: unknown }): Promise<DealerFeedSetting> {
      const url = typeof input.url === 'string' ? input.url.trim() : '';
      const parsed = URL.canParse(url) ? new URL(url) : null;
      if (!parsed || !/^https?:$/.test(parsed.protocol) || url.length > 2000) {
        throw new DomainError('invalid', FEED_SCHEDULE_MESSAGES.url, { field: 'url' });
      }
      const minutes = input.intervalMinutes ?? FEED_SCHEDULE.defaultMinutes;
      if (
        typeof minutes !== 'number' ||
        !Number.isInteger(minutes) ||
        minutes < FEED_SCHEDULE.minMinutes ||
        minutes > FEED_SCHEDULE.maxMinutes
      ) {
        throw new DomainError('invalid', FEED_SCHEDULE_MESSAGES.interval, { field: 'intervalMinutes' });
      }
      await db.query(
        `INSERT INTO inventory.dealer_feeds (dealer_slug, dealer_name, owner, kommun, url, interval_minutes, next_at)
         VALUES ($1, $2, $3, $4, $5, $6, now())
         ON CONFLICT (dealer_slug) DO UPDATE SET dealer_name = excluded.dealer_name, owner = excluded.owner,
           kommun = excluded.kommun, url = excluded.url, interval_minutes = excluded.interval_minutes,
           next_at = now(), updated = now()`,
        [dealer.slug, dealer.name, dealer.owner, dealer.kommun, url, minutes],
      );
      return get(dealer.slug);
    },

    async remove(slug: string): Promise<void> {
      const r = await db.query('DELETE FROM inventory.dealer_feeds WHERE dealer_slug = $1', [slug]);
      if (r.rowCount !== 1) throw new DomainError('not-found', FEED_SCHEDULE_MESSAGES.none);
    },

    /**
     * The fetch job: the feed is fetched and queued as a full run of the dealer; a feed that cannot be fetched or
     * read is a failed run with the reason, so the dealer sees it among the reports.
     */
    async fetch(slug: string): Promise<void> {
      const r = await db.query<{ dealer_name: string; owner: string; kommun: string | null; url: string }>(
        'SELECT dealer_name, owner, kommun, url FROM inventory.dealer_feeds WHERE dealer_slug = $1',
        [slug],
      );
      const feed = r.rows[0];
      if (!feed) return;
      const dealer: DealerRef = { slug, name: feed.dealer_name, owner: feed.owner, kommun: feed.kommun };
      let failure: string;
      try {
        const data = await fetcher.fetch(feed.url);
        await imports.queue(dealer, { source: 'schedule', startedBy: null, full: true }, parseFeed(data));
        return;
      } catch (err) {
        if (err instanceof DomainError) failure = err.message;
        else if (err instanceof PhotoFetchError) failure = `Flödet kunde inte hämtas: ${err.message}`;
        else throw err;
      }
      log.warn({ dealer: slug, failure }, 'a scheduled dealer feed could not be imported');
      await db.transaction(async (tx) => {
        const runs = dealerImportRepository(tx);
        const id = await runs.insertRun(
          {
            dealerSlug: slug,
            dealerName: dealer.name,
            owner: dealer.owner,
            full: true,
            source: 'schedule',
            startedBy: null,
            format: /\.json($|\?)/i.test(feed.url) ? 'json' : 'csv',
          },
          [],
          new Map(),
        );
        await runs.fail(id, failure);
      });
    },
  };
}

export type DealerFeeds = ReturnType<typeof dealerFeeds>;

/** The feed's fetcher limits: a zip's size and a minute. */
export const FEED_FETCH_LIMITS = { maxBytes: FEED_LIMITS.zipBytes, timeoutMs: 60_000 } as const;
