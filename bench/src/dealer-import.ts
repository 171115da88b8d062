// The dealers' import (issue 45, decision 060), in process on a fresh database: a generated feed of N cars (5,000 by
// default) parsed, queued and imported by the job queue as the app runs it (timed), and the list's throughput while
// the import runs against the same list idle. Run: `npx tsx bench/src/dealer-import.ts [--cars N]
// [--engine pglite|postgres] [--pg-url URL] [--list-seconds S]`; the figures go in bench/README.md.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { openDatabase, type Database } from '@bilmarknaden/db/database';
import { runMigrations } from '@bilmarknaden/db/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { createJobQueue } from '@bilmarknaden/inventory/jobs/job-queue';
import { queuedJobs } from '@bilmarknaden/inventory/jobs/queued-jobs';
import { localVehicleRegister } from '@bilmarknaden/inventory/register/local-register';
import { carListingsRepository } from '@bilmarknaden/inventory/repositories/car-listings-repository';
import { parseFeed } from '@bilmarknaden/inventory/services/dealer-feed-parser';
import { dealerImportService } from '@bilmarknaden/inventory/services/dealer-import-service';
import { parseListQuery } from '@bilmarknaden/inventory/services/search-query';
import { FEED_COLUMNS } from '@bilmarknaden/shared/dealer-feed';
import {
  registrationNumberAt,
  TEST_REGISTRATION_NUMBERS_FROM,
} from '@bilmarknaden/shared/validation/registration-number';

export const DEALER_IMPORT_TARGET_SECONDS = 60;

/** Real makes and models of the catalogue, so every row passes the ad's rules. */
const MODELS = [
  ['Volvo', 'V70'],
  ['Volvo', 'XC60'],
  ['Volkswagen', 'Golf'],
  ['Toyota', 'RAV4'],
  ['Audi', 'A4'],
  ['BMW', '3-serie'],
  ['Kia', 'Ceed'],
  ['Skoda', 'Octavia'],
] as const;
const FUELS = ['bensin', 'diesel', 'el / hybrid'];
const BODIES = ['kombi', 'sedan', 'halvkombi', 'suv'];

export interface DealerImportReport {
  cars: number;
  /** Reading the file and queueing its rows (the upload's part). */
  queueSeconds: number;
  /** The job applying every row, first chunk to the run's end. */
  importSeconds: number;
  carsPerSecond: number;
  created: number;
  errors: number;
  /** The same feed again: every row unchanged. */
  againSeconds: number;
  againUnchanged: number;
  listIdle: ListFigures;
  listDuring: ListFigures;
  meets: boolean;
}

interface ListFigures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 100) / 100;
};

const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** A CSV feed of `n` cars, each valid, every tenth with equipment. */
export function generatedFeed(n: number, offset = 0): string {
  const columns = FEED_COLUMNS.map((c) => c.column).filter((c) => c !== 'photos');
  const rows = Array.from({ length: n }, (_, i) => {
    const [make, model] = MODELS[i % MODELS.length]!;
    const car: Record<string, string> = {
      externalId: `BENCH-${i}`,
      registrationNumber: registrationNumberAt(TEST_REGISTRATION_NUMBERS_FROM + offset + i),
      make,
      model,
      year: String(2010 + (i % 15)),
      price: String(80_000 + (i % 40) * 5_000),
      milage: String(1_000 + (i % 30) * 900),
      hp: String(120 + (i % 10) * 15),
      fuel: FUELS[i % FUELS.length]!,
      gearbox: i % 3 ? 'automat' : 'manuell',
      body: BODIES[i % BODIES.length]!,
      colour: 'svart',
      drivetrain: i % 4 ? 'fwd' : 'awd',
      description: `Välskött ${make} ${model} från vårt lager, servad enligt schema. Lagernummer ${i}.`,
      title: '',
      kommun: '1480',
      equipment: i % 10 === 0 ? 'dragkrok,motorvarmare' : '',
    };
    return columns.map((c) => quote(car[c] ?? '')).join(',');
  });
  return [columns.join(','), ...rows].join('\n');
}

/** List page 1 (newest, no filter) as many times as it answers in `seconds`, one at a time. */
async function listFor(db: Database, seconds: number, until?: () => boolean): Promise<ListFigures> {
  const listings = carListingsRepository(db);
  const times: number[] = [];
  const start = performance.now();
  while (performance.now() - start < seconds * 1000 && !(until?.() ?? false)) {
    const t0 = performance.now();
    await listings.listJson(parseListQuery({}));
    times.push(performance.now() - t0);
  }
  const elapsed = (performance.now() - start) / 1000;
  return {
    requests: times.length,
    perSecond: Math.round(times.length / Math.max(elapsed, 0.001)),
    p50: pct(times, 50),
    p99: pct(times, 99),
  };
}

/** Runs the scenario on `db` (migrated here). */
export async function runDealerImportBench(
  db: Database,
  opts: { cars: number; listSeconds: number; background: number; log: (m: string) => void },
): Promise<DealerImportReport> {
  await runMigrations(db, [inventoryMigrations]);
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  // Ads of private sellers for the list to read.
  await db.query(
    `INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type, transmission,
       drivetrain, fuel, username, status, created)
     SELECT 'Bil ' || g, 'En bil till salu.', 50000 + g % 100 * 1000, 'Volvo', 'V70', 2015, 10000, 150, 'svart',
       'kombi', 'manuell', 'fwd', 'diesel', 'privat' || g % 50, 'active', now() - make_interval(mins => g)
     FROM generate_series(1, $1::int) g`,
    [opts.background],
  );
  await db.exec('ANALYZE inventory.cars');
  const imports = dealerImportService({ db, register: localVehicleRegister(db), log: silent });
  const runner = createJobQueue({
    db,
    jobs: [...queuedJobs({ db, identity: { notify: async () => undefined }, publicUrl: 'https://b.test', imports })],
    log: silent,
  });
  const dealer = { slug: 'bench-bilar', name: 'Bench Bilar AB', owner: 'bench-agare', kommun: '1480' };
  const feed = Buffer.from(generatedFeed(opts.cars));

  opts.log(`dealer import: list page 1 idle for ${opts.listSeconds} s…`);
  const listIdle = await listFor(db, opts.listSeconds);

  opts.log(`dealer import: ${opts.cars.toLocaleString('en')} cars, with the list read meanwhile…`);
  const q0 = performance.now();
  const queued = await imports.queue(dealer, { source: 'upload', startedBy: null, full: true }, parseFeed(feed));
  const queueSeconds = (performance.now() - q0) / 1000;
  let done = false;
  const i0 = performance.now();
  const importing = runner.runDue().finally(() => {
    done = true;
  });
  const listDuring = await listFor(db, 3600, () => done);
  await importing;
  const importSeconds = (performance.now() - i0) / 1000;
  const report = (await imports.find(dealer.slug, queued.id))!;

  opts.log('dealer import: the same feed again…');
  const a0 = performance.now();
  const again = await imports.queue(dealer, { source: 'upload', startedBy: null, full: true }, parseFeed(feed));
  await runner.runDue();
  const againSeconds = (performance.now() - a0) / 1000;
  const againReport = (await imports.find(dealer.slug, again.id))!;

  const round = (s: number) => Math.round(s * 10) / 10;
  return {
    cars: opts.cars,
    queueSeconds: round(queueSeconds),
    importSeconds: round(importSeconds),
    carsPerSecond: Math.round(opts.cars / Math.max(importSeconds, 0.001)),
    created: report.counts.created,
    errors: report.counts.errors,
    againSeconds: round(againSeconds),
    againUnchanged: againReport.counts.unchanged,
    listIdle,
    listDuring,
    meets: queueSeconds + importSeconds <= DEALER_IMPORT_TARGET_SECONDS,
  };
}

export function formatDealerImport(engine: string, r: DealerImportReport): string {
  return [
    `${engine}: ${r.cars.toLocaleString('en')}-car feed read and queued in ${r.queueSeconds} s, imported in ` +
      `${r.importSeconds} s (${r.carsPerSecond} cars/s; ${r.created} created, ${r.errors} errors; ≤ ` +
      `${DEALER_IMPORT_TARGET_SECONDS} s: ${r.meets ? 'yes' : 'NO'}); the same feed again ${r.againSeconds} s ` +
      `(${r.againUnchanged} unchanged)`,
    `${engine}: list page 1 idle ${r.listIdle.perSecond} req/s (p50 ${r.listIdle.p50} ms, p99 ${r.listIdle.p99} ms); ` +
      `during the import ${r.listDuring.perSecond} req/s (p50 ${r.listDuring.p50} ms, p99 ${r.listDuring.p99} ms)`,
  ].join('\n');
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

async function main(): Promise<void> {
  const cars = Number(arg('cars', '5000'));
  const engine = arg('engine', 'pglite');
  const listSeconds = Number(arg('list-seconds', '10'));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bm-dealer-import-'));
  const pgUrl = arg('pg-url', process.env.DATABASE_URL ?? '');
  if (engine === 'postgres' && !pgUrl) throw new Error('--pg-url (or DATABASE_URL) names an empty database');
  const db = await openDatabase({
    databaseUrl: engine === 'postgres' ? pgUrl : undefined,
    dataDir: path.join(dir, 'db'),
    poolSize: 4,
  });
  try {
    const report = await runDealerImportBench(db, { cars, listSeconds, background: 20_000, log: console.log });
    console.log(formatDealerImport(engine, report));
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
