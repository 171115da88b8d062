// The bevakningar scenarios (issue 26), in process on a fresh database per engine: publishing an ad (its insert,
// its activation and the matching job its transaction queues) with N bevakningar against none, and the daily
// digest of N daily bevakningar. Mails are queued in identity's outbox by its real notify (the sender is off).
import { performance } from 'node:perf_hooks';
import type { Database } from '@bilmarknaden/db/database';
import { runMigrations } from '@bilmarknaden/db/migrations';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { identityNotifications } from '@bilmarknaden/identity/services/notifications';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { carsRepository } from '@bilmarknaden/inventory/repositories/cars-repository';
import { jobsRepository } from '@bilmarknaden/inventory/repositories/jobs-repository';
import { createJobQueue } from '@bilmarknaden/inventory/jobs/job-queue';
import { queuedJobs } from '@bilmarknaden/inventory/jobs/queued-jobs';
import type { ValidAd } from '@bilmarknaden/shared/validation/new-ad';
import {
  registrationNumberAt,
  TEST_REGISTRATION_NUMBERS_FROM,
} from '@bilmarknaden/shared/validation/registration-number';

export const WATCH_TARGETS = { publishP99Ratio: 2, digestSeconds: 60 } as const;

/** The catalogue of the synthetic ads and bevakningar: 20 makes with 10 models each. */
const MAKES = Array.from({ length: 20 }, (_, m) => `Märke${m}`);
const MODELS = Array.from({ length: 10 }, (_, n) => `Modell${n}`);
const USERS = 1_000;

export interface WatchesReport {
  watches: number;
  publishes: number;
  /** Publishing one ad: insert, activation (whose trigger queues the match), p50/p99 in ms. */
  publishNone: { p50: number; p99: number };
  publishWith: { p50: number; p99: number };
  /** The match job of one ad against every running bevakning, p50/p99 in ms (with N bevakningar). */
  matchWith: { p50: number; p99: number };
  hitsPerAd: number;
  meetsPublish: boolean;
  digest: { watches: number; hits: number; mails: number; seconds: number; meets: boolean };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 100) / 100;
};

function ad(i: number): ValidAd {
  const make = MAKES[i % MAKES.length]!;
  const model = MODELS[Math.floor(i / MAKES.length) % MODELS.length]!;
  return {
    title: `${make} ${model} kombi ${i}`,
    description: 'Välskött bil med servicebok och vinterhjul.',
    price: 60_000 + (i % 30) * 10_000,
    make,
    model,
    year: 2008 + (i % 16),
    milage: 2_000 + (i % 25) * 1_000,
    hp: 150,
    color: 'svart',
    type: i % 2 ? 'kombi' : 'sedan',
    transmission: i % 3 ? 'manuell' : 'automat',
    drivetrain: 'fwd',
    fuel: i % 4 ? 'bensin' : 'diesel',
    kommun: null,
  } as ValidAd;
}

/** N bevakningar of USERS users: most of a make and model, some of a make, a few of any make with a price or fuel. */
/** The i-th published ad's car: a number of the range kept for tests, unknown to the register. */
const vehicle = (i: number) => ({
  registrationNumber: registrationNumberAt(TEST_REGISTRATION_NUMBERS_FROM + i),
  facts: null,
});

async function addWatches(db: Database, n: number, notify: 'instant' | 'daily'): Promise<void> {
  await db.query(
    `INSERT INTO inventory.watches (username, name, notify, query, make, model, fuel, price_max, year_min, words,
       patterns)
     SELECT 'bench' || (g % $2 + 1), 'Bevakning ' || g, $3, '{}'::jsonb,
       CASE WHEN g % 20 <> 0 THEN lower(($4::text[])[g % 20 + 1]) END,
       CASE WHEN g % 20 NOT IN (0, 1, 2, 3) THEN lower(($5::text[])[(g / 20) % 10 + 1]) END,
       CASE WHEN g % 20 = 0 THEN 'diesel' END,
       CASE WHEN g % 5 = 0 THEN 100000 + (g % 20) * 10000 END,
       CASE WHEN g % 7 = 0 THEN 2012 + g % 8 END,
       CASE WHEN g % 10 = 3 THEN ARRAY['kombi'] ELSE '{}' END,
       CASE WHEN g % 10 = 3 THEN ARRAY['%kombi%'] ELSE '{}' END
     FROM generate_series(1, $1::int) g`,
    [n, USERS, notify, MAKES, MODELS],
  );
  await db.exec('ANALYZE inventory.watches');
}

async function addUsers(db: Database): Promise<void> {
  await db.query(
    `INSERT INTO identity.users (username, firstname, lastname, email, password_hash, street, housenumber, zipcode,
       city, country_code, phone)
     SELECT 'bench' || n, 'Bench', 'Användare', 'bench' || n || '@bench.bilmarknaden.se', 'x', 'Gatan', '1',
       '11111', 'Stockholm', 'SE', '0700000000'
     FROM generate_series(1, $1::int) n ON CONFLICT DO NOTHING`,
    [USERS],
  );
}

/**
 * Runs both scenarios on `db` (migrated here): publishes with none, then with `watches` bevakningar mailing at
 * once, then the digest of as many daily bevakningar after a day of `publishes` new ads.
 */
export async function runWatchesBench(
  db: Database,
  opts: { watches: number; publishes: number; log: (m: string) => void },
): Promise<WatchesReport> {
  await runMigrations(db, [identityMigrations, inventoryMigrations]);
  await addUsers(db);
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const notifications = identityNotifications({
    db,
    mailer: { send: async () => undefined },
    publicUrl: 'https://bench.bilmarknaden.se',
    log: silent,
  });
  const jobs = queuedJobs({ db, identity: notifications.client, publicUrl: 'https://bench.bilmarknaden.se' });
  const runner = createJobQueue({ db, jobs, log: silent });
  const cars = carsRepository(db);
  let seq = 0;

  /** Publishes `count` ads one at a time (as the create route's statements), each followed by its jobs. */
  async function publishRound(count: number) {
    const publish: number[] = [];
    const match: number[] = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      const id = await cars.insertPending(ad(seq), `bench${(i % USERS) + 1}`, vehicle(seq++));
      await cars.activate(id, 0);
      const t1 = performance.now();
      await runner.runDue();
      publish.push(t1 - t0);
      match.push(performance.now() - t1);
    }
    return { publish, match };
  }

  opts.log(`watches: warming up, then ${opts.publishes} publishes with no bevakningar…`);
  await publishRound(20);
  const none = await publishRound(opts.publishes);
  opts.log(`watches: adding ${opts.watches.toLocaleString('en')} bevakningar (mail at once)…`);
  await addWatches(db, opts.watches, 'instant');
  await publishRound(20);
  const hitsWarm = Number(
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM inventory.watch_hits')).rows[0]!.n,
  );
  const withWatches = await publishRound(opts.publishes);
  const hitsAfter = Number(
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM inventory.watch_hits')).rows[0]!.n,
  );

  opts.log(`watches: the daily digest of ${opts.watches.toLocaleString('en')} bevakningar…`);
  await db.exec('DELETE FROM inventory.watches');
  await addWatches(db, opts.watches, 'daily');
  const dayAds = Array.from({ length: opts.publishes }, () => seq++);
  for (const n of dayAds) {
    const id = await cars.insertPending(ad(n), 'bench1', vehicle(n));
    await cars.activate(id, 1);
  }
  await runner.runDue();
  const hits = Number(
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM inventory.watch_hits WHERE digest_pending')).rows[0]!
      .n,
  );
  const outboxBefore = Number(
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity.mail_outbox')).rows[0]!.n,
  );
  // The day's digest job as the scheduler queues it at the hour, its cutoff after the day's ads.
  const t0 = performance.now();
  await jobsRepository(db).enqueue('digest', { day: 'bench', cutoff: new Date(Date.now() + 1000).toISOString() });
  await runner.runDue();
  const seconds = Math.round((performance.now() - t0) / 100) / 10;
  const outboxAfter = Number(
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity.mail_outbox')).rows[0]!.n,
  );
  await notifications.sender.close();

  const publishNone = { p50: pct(none.publish, 50), p99: pct(none.publish, 99) };
  const publishWith = { p50: pct(withWatches.publish, 50), p99: pct(withWatches.publish, 99) };
  return {
    watches: opts.watches,
    publishes: opts.publishes,
    publishNone,
    publishWith,
    matchWith: { p50: pct(withWatches.match, 50), p99: pct(withWatches.match, 99) },
    hitsPerAd: Math.round((hitsAfter - hitsWarm) / opts.publishes),
    meetsPublish: publishWith.p99 <= WATCH_TARGETS.publishP99Ratio * publishNone.p99,
    digest: {
      watches: opts.watches,
      hits,
      mails: outboxAfter - outboxBefore,
      seconds,
      meets: seconds <= WATCH_TARGETS.digestSeconds,
    },
  };
}

export function formatWatches(engine: string, r: WatchesReport): string {
  return [
    `${engine}: publish with ${r.watches.toLocaleString('en')} bevakningar p99 ${r.publishWith.p99} ms vs none ` +
      `${r.publishNone.p99} ms (≤ ${WATCH_TARGETS.publishP99Ratio}×: ${r.meetsPublish ? 'yes' : 'NO'}); ` +
      `its match job p50 ${r.matchWith.p50} ms, p99 ${r.matchWith.p99} ms, ${r.hitsPerAd} hits per ad`,
    `${engine}: daily digest of ${r.digest.watches.toLocaleString('en')} bevakningar (${r.digest.hits.toLocaleString('en')} hits): ` +
      `${r.digest.mails.toLocaleString('en')} mails queued in ${r.digest.seconds} s (≤ ${WATCH_TARGETS.digestSeconds} s: ${r.digest.meets ? 'yes' : 'NO'})`,
  ].join('\n');
}
