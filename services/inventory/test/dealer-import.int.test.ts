// The dealers' import (issue 45, decision 060): a feed's rows published, updated or refused with their row number,
// the same feed twice changing nothing, absent cars sold, a crash mid-import resumed without duplicates, and one
// dealer's externalIds never touching another's ads. Runs the job queue as the app runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import { rowErrorText } from '@bilmarknaden/shared/dealer-feed';
import { REGISTRATION_NUMBER_MESSAGES } from '@bilmarknaden/shared/validation/registration-number';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { queuedJobs } from '../src/jobs/queued-jobs.ts';
import { dealerImportJob } from '../src/jobs/dealer-import.ts';
import { localVehicleRegister } from '../src/register/local-register.ts';
import { parseFeed } from '../src/services/dealer-feed-parser.ts';
import { dealerImportService, IMPORT_CHUNK, type ImportHooks } from '../src/services/dealer-import-service.ts';
import {
  buildTestApp,
  countRows,
  insertCar,
  insertRegisterCar,
  silent,
  testRegistrationNumber,
  type TestApp,
} from './inventory-helpers.ts';
import { feedCar, feedCsv, testDealers } from './dealer-helpers.ts';

const dealers = testDealers();
const bilhuset = dealers.add({ slug: 'bilhuset', name: 'Bilhuset AB', owner: 'bilhuset-agare', kommun: '2480' });
const autohallen = dealers.add({ slug: 'autohallen', name: 'Autohallen', owner: 'autohallen-agare' });

const mails: NotificationRequest[] = [];
const hooks: ImportHooks = {};
let t: TestApp;
// From now: the jobs an upload queues are due from the real time it ran at.
let clock = Date.now();

beforeAll(async () => {
  t = await buildTestApp({ dealers: dealers.directory });
}, 60_000);
afterAll(() => t?.close());

const imports = () => dealerImportService({ db: t.db, register: localVehicleRegister(t.db), log: silent, hooks });
/** A round of the job queue with the import's and the mails' jobs, the clock moved a minute on. */
const runJobs = () => {
  clock += 60_000;
  return createJobQueue({
    db: t.db,
    jobs: [
      dealerImportJob(imports()),
      ...queuedJobs({ db: t.db, identity: { notify: async (r) => void mails.push(r) }, publicUrl: 'https://b.test' }),
    ],
    log: silent,
  }).runDue(new Date(clock));
};

/** Queues a feed for the dealer and runs the queue; answers the run's report. */
async function importFeed(dealer = bilhuset, feed: string, full = true) {
  const queued = await imports().queue(
    dealer,
    { source: 'upload', startedBy: dealer.owner, full },
    parseFeed(Buffer.from(feed)),
  );
  await runJobs();
  return (await imports().find(dealer.slug, queued.id))!;
}

/** The dealer's ads by externalId: id, status, price and when last written. */
async function adsOf(slug: string) {
  const r = await t.db.query<{ id: number; external_id: string; status: string; price: number; updated: string }>(
    `SELECT id, external_id, status, price, updated::text FROM inventory.cars WHERE dealer_slug = $1
     ORDER BY external_id`,
    [slug],
  );
  return new Map(r.rows.map((x) => [x.external_id, x]));
}

describe('an import', () => {
  it('publishes new cars as the dealer’s and reports bad rows with their number, the others going on', async () => {
    const cars = [feedCar('A1'), feedCar('A2', { price: '' }), feedCar('A3'), feedCar('A4', { make: 'Lada' })];
    const report = await importFeed(bilhuset, feedCsv(cars));
    expect(report).toMatchObject({
      status: 'done',
      total: 4,
      done: 4,
      counts: { created: 2, updated: 0, unchanged: 0, sold: 0, errors: 2 },
    });
    // The CSV's header is row 1: A2 is row 3.
    expect(report.errors.map(rowErrorText)).toEqual(['rad 3: pris saknas', 'rad 5: Ange ett märke']);
    expect(report.errors[0]).toEqual({ row: 3, field: 'price', message: 'pris saknas' });
    const ads = await adsOf('bilhuset');
    expect([...ads.keys()]).toEqual(['A1', 'A3']);
    const ad = await t.db.query(
      `SELECT status, username, dealer_name, kommun, registration_number FROM inventory.cars WHERE id = $1`,
      [ads.get('A1')!.id],
    );
    // The seller is the owner; the kommun the dealer's, as the feed names none.
    expect(ad.rows[0]).toMatchObject({
      status: 'active',
      username: 'bilhuset-agare',
      dealer_name: 'Bilhuset AB',
      kommun: '2480',
    });
  });

  it('twice with the same feed changes nothing; a changed price updates and feeds the history and the mails', async () => {
    const cars = [feedCar('B1'), feedCar('B2'), feedCar('B3')];
    const first = await importFeed(autohallen, feedCsv(cars));
    expect(first.counts).toMatchObject({ created: 3, errors: 0 });
    const before = await adsOf('autohallen');
    const b2 = before.get('B2')!.id;
    await t.db.query('INSERT INTO inventory.saved_cars (username, car_id) VALUES ($1, $2)', ['spararen', b2]);

    const again = await importFeed(autohallen, feedCsv(cars));
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 3, sold: 0, errors: 0 });
    expect(await adsOf('autohallen')).toEqual(before);

    cars[1] = { ...cars[1]!, price: '89000' };
    const changed = await importFeed(autohallen, feedCsv(cars));
    expect(changed.counts).toEqual({ created: 0, updated: 1, unchanged: 2, sold: 0, errors: 0 });
    const h = await t.db.query<{ price_history: { price: number }[] }>(
      'SELECT price_history FROM inventory.cars WHERE id = $1',
      [b2],
    );
    expect(h.rows[0]!.price_history.map((x) => x.price)).toEqual([Number(feedCar('B2').price), 89_000]);
    expect(mails.filter((m) => m.kind === 'priceDrops' && m.username === 'spararen')).toHaveLength(1);
  });

  it('marks a full feed’s absent cars sold, not a partial feed’s, and never an ad published by hand', async () => {
    const dealer = dealers.add({ slug: 'frånvaro', name: 'Frånvaro AB', owner: 'franvaro' });
    const cars = [feedCar('C1'), feedCar('C2'), feedCar('C3', { price: '' })];
    await importFeed(dealer, feedCsv(cars));
    const byHand = await insertCar(t.db, { username: 'franvaro' });
    await t.db.query(`UPDATE inventory.cars SET dealer_slug = 'frånvaro', dealer_name = 'Frånvaro AB' WHERE id = $1`, [
      byHand,
    ]);

    // Partial: C1 alone, nothing sold.
    const partial = await importFeed(dealer, feedCsv([cars[0]!]), false);
    expect(partial.counts.sold).toBe(0);
    // Full without C2 (C3 still a bad row): C2 sold; C1 and the hand-made ad stay.
    const full = await importFeed(dealer, feedCsv([cars[0]!, cars[2]!]));
    expect(full.counts).toMatchObject({ sold: 1, unchanged: 1, errors: 1 });
    const ads = await adsOf('frånvaro');
    expect(ads.get('C1')!.status).toBe('active');
    expect(ads.get('C2')!.status).toBe('sold');
    expect(await countRows(t.db, 'inventory.sales', 'car_id = $1', [ads.get('C2')!.id])).toBe(1);
    expect((await t.db.query('SELECT status FROM inventory.cars WHERE id = $1', [byHand])).rows[0]).toEqual({
      status: 'active',
    });
    // Back in the feed: for sale again, the sale forgotten.
    const back = await importFeed(dealer, feedCsv(cars.slice(0, 2)));
    expect(back.counts).toMatchObject({ updated: 1, sold: 0 });
    expect((await adsOf('frånvaro')).get('C2')!.status).toBe('active');
    expect(await countRows(t.db, 'inventory.sales', 'car_id = $1', [ads.get('C2')!.id])).toBe(0);
  });

  it('a crash mid-import resumes at the committed chunk without duplicates', async () => {
    const dealer = dealers.add({ slug: 'krasch', name: 'Krasch AB', owner: 'krasch' });
    const cars = Array.from({ length: IMPORT_CHUNK * 2 + 30 }, (_, i) => feedCar(`K${i}`));
    let crashed = false;
    hooks.beforeCommit = (_run, cursor) => {
      if (cursor === IMPORT_CHUNK * 2 && !crashed) {
        crashed = true;
        throw new Error('the process died here');
      }
    };
    try {
      const first = await importFeed(dealer, feedCsv(cars));
      // The first chunk committed; the second rolled back with its ads.
      expect(first).toMatchObject({ status: 'running', done: IMPORT_CHUNK, counts: { created: IMPORT_CHUNK } });
      expect(await countRows(t.db, 'inventory.cars', `dealer_slug = 'krasch'`)).toBe(IMPORT_CHUNK);
      // The job is due again after its retry delay.
      clock += 15_000;
      await runJobs();
      const report = (await imports().list('krasch'))[0]!;
      expect(report).toMatchObject({ status: 'done', done: cars.length, counts: { created: cars.length, errors: 0 } });
      expect(await countRows(t.db, 'inventory.cars', `dealer_slug = 'krasch'`)).toBe(cars.length);
      expect(await countRows(t.db, 'inventory.import_rows', 'run_id = $1', [report.id])).toBe(0);
    } finally {
      delete hooks.beforeCommit;
    }
  }, 120_000);

  it('another dealer’s externalId never touches your ads, nor its feed your numbers', async () => {
    const mine = feedCar('X1');
    await importFeed(bilhuset, feedCsv([mine]));
    const before = (await adsOf('bilhuset')).get('X1')!;
    // The same externalId at another dealer is another car; the same number is refused there.
    const theirs = await importFeed(
      autohallen,
      feedCsv([feedCar('X1'), feedCar('X2', { registrationNumber: mine.registrationNumber })]),
    );
    expect(theirs.counts).toMatchObject({ created: 1, errors: 1 });
    expect(theirs.errors[0]).toEqual({
      row: 3,
      field: 'registrationNumber',
      message: REGISTRATION_NUMBER_MESSAGES.taken(mine.registrationNumber!),
    });
    expect((await adsOf('bilhuset')).get('X1')).toEqual(before);
    // Nor is a private seller's ad of a number the dealer's feed names matched: refused as taken.
    const privat = testRegistrationNumber();
    await insertCar(t.db, { registrationNumber: privat, username: 'privat' });
    const refused = await importFeed(bilhuset, feedCsv([feedCar('X3', { registrationNumber: privat })]), false);
    expect(refused.errors.map(rowErrorText)).toEqual([`rad 2: ${REGISTRATION_NUMBER_MESSAGES.taken(privat)}`]);
  });

  it('matches the dealer’s own ad by registration number when the externalId is new, and refuses a stolen car', async () => {
    const car = feedCar('R1');
    await importFeed(bilhuset, feedCsv([car]), false);
    const id = (await adsOf('bilhuset')).get('R1')!.id;
    const renamed = await importFeed(bilhuset, feedCsv([{ ...car, externalId: 'R1-ny' }]), false);
    expect(renamed.counts).toMatchObject({ updated: 1, created: 0 });
    expect((await adsOf('bilhuset')).get('R1-ny')!.id).toBe(id);
    const stolen = await insertRegisterCar(t.db, { stolen: true });
    const report = await importFeed(bilhuset, feedCsv([feedCar('R2', { registrationNumber: stolen })]), false);
    expect(report.errors[0]).toMatchObject({ row: 2, field: 'registrationNumber' });
  });

  it('reads JSON feeds too, numbering rows from 1, and refuses a repeated externalId', async () => {
    const feed = JSON.stringify({
      cars: [feedCar('J1'), { ...feedCar('J2'), equipment: ['dragkrok'] }, feedCar('J1')],
    });
    const report = await importFeed(bilhuset, feed, false);
    expect(report).toMatchObject({ format: 'json', counts: { created: 2, errors: 1 } });
    expect(report.errors.map(rowErrorText)).toEqual(['rad 3: externalId finns redan på en tidigare rad i flödet']);
    const r = await t.db.query(
      `SELECT equipment FROM inventory.cars WHERE dealer_slug = 'bilhuset' AND external_id = 'J2'`,
    );
    expect(r.rows[0]).toEqual({ equipment: ['dragkrok'] });
  });
});
