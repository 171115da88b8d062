import type { Database } from '@bilmarknaden/db/database';
import type { IdentityClient, NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import { imagePath } from '@bilmarknaden/shared/api-paths';
import { DIGEST_HOUR } from '@bilmarknaden/shared/watches';
import { watchesRepository } from '../repositories/watches-repository.ts';
import type { JobHandler } from './job-runner.ts';
import { unsubscribeTokens } from './unsubscribe-tokens.ts';

const TIME_ZONE = 'Europe/Stockholm';
/** Daily bevakningar mailed per round of the digest (each round one read of their hits). */
export const DIGEST_CHUNK = 200;
/** Digest mails asked of identity at the same time. */
const DIGEST_PARALLEL = 8;

/** Runs `work` on every item, at most `parallel` at a time. */
async function inTurns<T>(items: T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

/** The most ads one digest lists (the rest are on the site). */
const DIGEST_MAX_ADS = 20;

export interface WatchMailDeps {
  db: Database;
  identity: IdentityClient;
  /** Links in the mails start with it. */
  publicUrl: string;
  now?: () => Date;
}

interface MailAd {
  id: number;
  title: string;
  price: number;
  year: number;
  milage: number;
  image_count: number;
  image_version: number;
}

const group = (n: number) => n.toLocaleString('sv-SE').replace(/\s/g, ' ');

function adLines(ad: MailAd, publicUrl: string): string {
  const photo = ad.image_count > 0 ? `\nBild: ${publicUrl}${imagePath(ad.id, 1, ad.image_version)}` : '';
  return (
    `${ad.title}\n${group(ad.price)} kr · Årsmodell ${ad.year} · ${group(ad.milage)} mil\n` +
    `Annonsen: ${publicUrl}/car/${ad.id}${photo}`
  );
}

/** The Swedish calendar date and hour of an instant ('2026-03-29', 7). */
export function stockholmClock(at: Date): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The day whose digest is due at `at` (DIGEST_HOUR Swedish time has passed), or null before that hour. */
export function digestDayDue(at: Date): string | null {
  const clock = stockholmClock(at);
  return clock.hour >= DIGEST_HOUR ? clock.day : null;
}

/**
 * The bevakningar's and the saved ads' mails, as job handlers (decision 040): every mail asks identity with a key
 * that names what it announces, so a job run twice (a crash before it was marked done) mails once.
 */
export function watchMails({ db, identity, publicUrl, now = () => new Date() }: WatchMailDeps) {
  const tokens = unsubscribeTokens(db);

  async function unsubscribeLink(watchId: number, username: string): Promise<string> {
    const token = await tokens.make(watchId, username, now());
    return `${publicUrl}/bevakningar/avsluta#bevakning=${watchId}&token=${token}`;
  }

  async function footer(watchId: number, username: string): Promise<string> {
    return (
      `Alla nya bilar i bevakningen: ${publicUrl}/bevakningar/${watchId}\n` +
      `Sluta få mejl om den här bevakningen (ett klick, ingen inloggning): ${await unsubscribeLink(watchId, username)}\n`
    );
  }

  /** Matches the job's ads against every bevakning (one statement) and queues the alerts. */
  const match: JobHandler = async (job) => {
    const cars = (job.payload.cars as unknown[]).map(Number).filter(Number.isInteger);
    await watchesRepository(db).matchCars(cars);
  };

  /** One mail for one new ad of a bevakning that mails at once (if still so, and the ad still visible). */
  const alert: JobHandler = async (job) => {
    const r = await db.query<MailAd & { username: string; name: string; watch_id: number }>(
      `SELECT w.id AS watch_id, w.username, w.name, c.id, c.title, c.price, c.year, c.milage, c.image_count,
         c.image_version
       FROM inventory.watches w JOIN inventory.cars c ON c.id = $2 AND c.status = 'active'
       WHERE w.id = $1 AND w.notify = 'instant' AND NOT w.paused`,
      [Number(job.payload.watch), Number(job.payload.car)],
    );
    const row = r.rows[0];
    if (!row) return;
    await identity.notify({
      key: `watch-${row.watch_id}-${row.id}`,
      username: row.username,
      kind: 'watches',
      subject: `Ny bil i din bevakning ${row.name}: ${row.title}`,
      text:
        `Hej ${row.username}!\n\nEn ny bil matchar din bevakning "${row.name}":\n\n${adLines(row, publicUrl)}\n\n` +
        (await footer(row.watch_id, row.username)),
    });
  };

  /**
   * The day's digest: each daily bevakning with ads matched before the job was queued gets one mail listing them,
   * DIGEST_CHUNK bevakningar per round; their hits are marked mailed after the mails were asked for.
   */
  const digest: JobHandler = async (job) => {
    const day = String(job.payload.day);
    const cutoff = String(job.payload.cutoff);
    let after = 0;
    for (;;) {
      const chunk = await db.query<{ id: number }>(
        `SELECT w.id FROM inventory.watches w
         WHERE w.id > $1 AND w.notify = 'daily' AND NOT w.paused
           AND EXISTS (SELECT 1 FROM inventory.watch_hits h WHERE h.watch_id = w.id AND h.digest_pending
                       AND h.matched_at <= $2)
         ORDER BY w.id LIMIT $3`,
        [after, cutoff, DIGEST_CHUNK],
      );
      const ids = chunk.rows.map((x) => x.id);
      if (ids.length === 0) return;
      const r = await db.query<MailAd & { watch_id: number; username: string; name: string; total: number }>(
        `SELECT w.id AS watch_id, w.username, w.name, a.*
         FROM inventory.watches w, LATERAL (
           SELECT c.id, c.title, c.price, c.year, c.milage, c.image_count, c.image_version,
             count(*) OVER () AS total
           FROM inventory.watch_hits h JOIN inventory.cars c ON c.id = h.car_id AND c.status = 'active'
           WHERE h.watch_id = w.id AND h.digest_pending AND h.matched_at <= $2
           ORDER BY h.matched_at DESC, c.id DESC LIMIT $3
         ) a
         WHERE w.id = ANY($1::int[])
         ORDER BY w.id`,
        [ids, cutoff, DIGEST_MAX_ADS],
      );
      const byWatch = new Map<number, typeof r.rows>();
      for (const row of r.rows) byWatch.set(row.watch_id, [...(byWatch.get(row.watch_id) ?? []), row]);
      // A few mails asked for at once: on PostgreSQL identity stores them on several connections.
      await inTurns([...byWatch], DIGEST_PARALLEL, async ([watchId, ads]) => {
        const first = ads[0]!;
        const total = Number(first.total);
        const more = total > ads.length ? `\n\n… och ${total - ads.length} till på sajten.` : '';
        await identity.notify({
          key: `watch-digest-${watchId}-${day}`,
          username: first.username,
          kind: 'watches',
          subject: `${total} ${total === 1 ? 'ny bil' : 'nya bilar'} i din bevakning ${first.name}`,
          text:
            `Hej ${first.username}!\n\nDagens nya bilar i din bevakning "${first.name}":\n\n` +
            ads.map((ad) => adLines(ad, publicUrl)).join('\n\n') +
            `${more}\n\n${await footer(watchId, first.username)}`,
        } satisfies NotificationRequest);
      });
      await db.query(
        `UPDATE inventory.watch_hits SET digest_pending = false
         WHERE watch_id = ANY($1::int[]) AND digest_pending AND matched_at <= $2`,
        [ids, cutoff],
      );
      after = ids[ids.length - 1]!;
      if (ids.length < DIGEST_CHUNK) return;
    }
  };

  /** Tells those who saved an ad (before the change) that its price was lowered, once per change and user. */
  const priceDrop: JobHandler = async (job) => {
    const carId = Number(job.payload.car);
    const at = String(job.payload.at);
    const oldPrice = Number(job.payload.oldPrice);
    const newPrice = Number(job.payload.newPrice);
    const r = await db.query<MailAd & { username: string }>(
      `SELECT s.username, c.id, c.title, c.price, c.year, c.milage, c.image_count, c.image_version
       FROM inventory.saved_cars s JOIN inventory.cars c ON c.id = s.car_id AND c.status = 'active'
       WHERE s.car_id = $1 AND s.saved_at <= to_timestamp($2::bigint / 1000000.0)
         AND lower(s.username) <> lower(c.username)`,
      [carId, at],
    );
    for (const row of r.rows) {
      await identity.notify({
        key: `price-drop-${carId}-${at}-${row.username.toLowerCase()}`,
        username: row.username,
        kind: 'priceDrops',
        subject: `Sänkt pris på en sparad bil: ${row.title}`,
        text:
          `Hej ${row.username}!\n\nSäljaren har sänkt priset på en bil du har sparat, ` +
          `från ${group(oldPrice)} kr till ${group(newPrice)} kr (sänkt ${group(oldPrice - newPrice)} kr):\n\n` +
          `${adLines({ ...row, price: newPrice }, publicUrl)}\n\nDina sparade bilar: ${publicUrl}/saved/cars\n`,
      });
    }
  };

  /**
   * Queues the day's digest once DIGEST_HOUR has passed in Sweden (whichever replica comes first; the day's row
   * and the job are written in one transaction).
   */
  async function scheduleDigest(at: Date): Promise<boolean> {
    const day = digestDayDue(at);
    if (day === null) return false;
    return db.transaction(async (tx) => {
      const r = await tx.query(
        'INSERT INTO inventory.digest_days (day, queued_at) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING',
        [day, at.toISOString()],
      );
      if (r.rowCount !== 1) return false;
      await tx.query(`INSERT INTO inventory.jobs (kind, payload) VALUES ('digest', $1)`, [
        JSON.stringify({ day, cutoff: at.toISOString() }),
      ]);
      return true;
    });
  }

  return {
    handlers: { match, 'watch-alert': alert, digest, 'price-drop': priceDrop } as Record<string, JobHandler>,
    scheduleDigest,
  };
}
