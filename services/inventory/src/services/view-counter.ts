import { createHash } from 'node:crypto';
import type { Database } from '@bilmarknaden/db/database';
import type { Log } from '@bilmarknaden/service-kit/log';
import { adLifecycleRepository } from '../repositories/ad-lifecycle-repository.ts';
import { stockholmClock } from './watch-mails.ts';

/** A visitor's repeats of one ad within this are not counted. */
export const VIEW_REPEAT_MS = 3600_000;
/** How often the buffer is written (the app's job); the close writes the rest. */
export const VIEW_FLUSH_MS = 5_000;
/** At most this many visitor-and-ad marks are kept; past it the oldest hour's marks go first. */
const MAX_MARKS = 200_000;

/** Crawlers, link previews and scripts: their requests are not views. */
const ROBOT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|headless|lighthouse|curl|wget|python|java\/|httpclient|axios|node-fetch|go-http/i;

export interface ViewRequest {
  carId: number;
  /** The logged-in viewer, or null. */
  username: string | null;
  /** The client address and user-agent: who an anonymous visitor is. */
  ip: string;
  userAgent: string | undefined;
}

/**
 * Counts views of ads' pages cheaply (issue 43): a view is a mark in memory (the visitor and the ad, for an hour)
 * and a count in a buffer per ad, day and viewer; the buffer is written in one statement every few seconds, which
 * leaves out a logged-in owner's views of their own ad. Robots (by user-agent) are not counted. Each process keeps
 * its own marks: behind a load balancer a visitor whose requests reach two replicas within the hour counts twice.
 */
export function createViewCounter({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  const marks = new Map<string, number>();
  let buffer = new Map<string, { carId: number; day: string; viewer: string; views: number }>();
  const repo = adLifecycleRepository(db);

  function prune(at: number) {
    for (const [key, until] of marks) if (until <= at) marks.delete(key);
    // Still full (a flood of visitors): the oldest marks go; a few repeats may count.
    if (marks.size >= MAX_MARKS)
      for (const key of [...marks.keys()].slice(0, marks.size - MAX_MARKS / 2)) marks.delete(key);
  }

  return {
    /** True when the view was counted (buffered). */
    count({ carId, username, ip, userAgent }: ViewRequest): boolean {
      if (!userAgent || ROBOT.test(userAgent)) return false;
      const at = now();
      const t = at.getTime();
      const visitor = username
        ? `u:${username.toLowerCase()}`
        : `a:${createHash('sha256').update(`${ip}\n${userAgent}`).digest('base64url').slice(0, 22)}`;
      const mark = `${carId}|${visitor}`;
      const until = marks.get(mark);
      if (until !== undefined && until > t) return false;
      if (marks.size >= MAX_MARKS) prune(t);
      marks.set(mark, t + VIEW_REPEAT_MS);
      const day = stockholmClock(at).day;
      const viewer = username ? username.toLowerCase() : '';
      const key = `${carId}|${day}|${viewer}`;
      const entry = buffer.get(key);
      if (entry) entry.views++;
      else buffer.set(key, { carId, day, viewer, views: 1 });
      return true;
    },

    /** Writes the buffered counts; on failure they are put back for the next try. */
    async flush(log?: Pick<Log, 'warn'>): Promise<void> {
      prune(now().getTime());
      if (buffer.size === 0) return;
      const rows = [...buffer.values()];
      buffer = new Map();
      try {
        await repo.addViews(rows);
      } catch (err) {
        log?.warn({ err, rows: rows.length }, 'could not write the buffered views; tried again');
        for (const row of rows) {
          const key = `${row.carId}|${row.day}|${row.viewer}`;
          const entry = buffer.get(key);
          if (entry) entry.views += row.views;
          else buffer.set(key, row);
        }
        throw err;
      }
    },

    /** Buffered counts not yet written (tests, the bench). */
    pending: () => buffer.size,
  };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;
