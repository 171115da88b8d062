// An imported ad's photos (issue 45, decision 060): by URL from a local server (private addresses allowed by the
// setting, refused by default) and from the feed's zip, through the photo pipeline; a photo that cannot be used is
// the row's error; the same feed again fetches nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { rowErrorText } from '@bilmarknaden/shared/dealer-feed';
import { processImage } from '../src/images/image-pipeline.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { dealerImportJob } from '../src/jobs/dealer-import.ts';
import { dealerPhotosJob } from '../src/jobs/dealer-photos.ts';
import { localVehicleRegister } from '../src/register/local-register.ts';
import { parseFeed } from '../src/services/dealer-feed-parser.ts';
import { dealerImportService } from '../src/services/dealer-import-service.ts';
import { dealerPhotos } from '../src/services/dealer-photos.ts';
import { httpPhotoFetcher, isPrivateAddress } from '../src/services/photo-fetcher.ts';
import { jobsRepository } from '../src/repositories/jobs-repository.ts';
import { dealerFeedFetchJob } from '../src/jobs/dealer-feed-fetch.ts';
import { dealerFeeds, FEED_SCHEDULE_MESSAGES, scheduleDealerFeeds } from '../src/services/dealer-feeds.ts';
import { inventoryPaths as paths } from '@bilmarknaden/shared/api-paths';
import { BASE } from './inventory-helpers.ts';
import { buildTestApp, photo, silent, type TestApp } from './inventory-helpers.ts';
import { feedCar, feedCsv, testDealers } from './dealer-helpers.ts';

const dealers = testDealers();
const dealer = dealers.add({ slug: 'bildhuset', name: 'Bildhuset AB', owner: 'bildhuset' });

let t: TestApp;
let server: Server;
let base = '';
let jpeg: Buffer;
const scheduledFeed = feedCsv([feedCar('S1')]);
beforeAll(async () => {
  t = await buildTestApp({ dealers: dealers.directory });
  jpeg = await photo('jpeg');
  server = createServer((req, res) => {
    if (req.url === '/bil.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    else if (req.url === '/lager.csv') res.writeHead(200, { 'content-type': 'text/csv' }).end(scheduledFeed);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const imports = () => dealerImportService({ db: t.db, register: localVehicleRegister(t.db), log: silent });
const runJobs = () =>
  createJobQueue({
    db: t.db,
    jobs: [
      dealerImportJob(imports()),
      dealerPhotosJob(
        dealerPhotos({
          db: t.db,
          storage: t.storage,
          processImage,
          fetcher: httpPhotoFetcher({ allowPrivateNetworks: true, timeoutMs: 5_000 }),
          log: silent,
        }),
      ),
    ],
    log: silent,
  }).runDue();

async function importFeed(data: Uint8Array) {
  const queued = await imports().queue(dealer, { source: 'upload', startedBy: null, full: false }, parseFeed(data));
  await runJobs();
  return (await imports().find(dealer.slug, queued.id))!;
}
const adOf = async (externalId: string) =>
  (
    await t.db.query<{ id: number; image_count: number; image_version: number }>(
      `SELECT id, image_count, image_version FROM inventory.cars WHERE dealer_slug = $1 AND external_id = $2`,
      [dealer.slug, externalId],
    )
  ).rows[0]!;

describe('imported photos', () => {
  it('are fetched by URL through the pipeline; one that cannot be had is the row’s error', async () => {
    const feed = feedCsv([feedCar('P1', { photos: `${base}/bil.jpg ${base}/saknas.jpg` })]);
    const report = await importFeed(Buffer.from(feed));
    const ad = await adOf('P1');
    expect(ad.image_count).toBe(1);
    expect(t.storage.keys().filter((k) => k.startsWith(`${ad.id}-${ad.image_version}-`))).toHaveLength(2);
    expect(report.errors.map(rowErrorText)).toEqual([
      `rad 2: bilden ${base}/saknas.jpg kunde inte användas: svarade 404`,
    ]);
    // The same feed again: nothing to fetch.
    await imports().queue(dealer, { source: 'upload', startedBy: null, full: false }, parseFeed(Buffer.from(feed)));
    await createJobQueue({ db: t.db, jobs: [dealerImportJob(imports())], log: silent }).runDue();
    expect(await jobsRepository(t.db).pending('dealer-photos')).toBe(0);
  });

  it('come from the feed’s zip, by file name, in the row’s order', async () => {
    const png = await photo('png', { r: 20, g: 200, b: 20 });
    const zip = zipSync({
      'lager.csv': new TextEncoder().encode(feedCsv([feedCar('Z1', { photos: 'bilder/Fram.JPG|bak.png' })])),
      'bilder/fram.jpg': new Uint8Array(jpeg),
      'bak.png': new Uint8Array(png),
    });
    const report = await importFeed(zip);
    expect(report.errors).toEqual([]);
    expect((await adOf('Z1')).image_count).toBe(2);
  });

  it('private addresses are refused unless the setting allows them', async () => {
    await expect(httpPhotoFetcher().fetch(`${base}/bil.jpg`)).rejects.toThrow('adressen är inte tillåten');
    await expect(httpPhotoFetcher().fetch('ftp://example.com/bil.jpg')).rejects.toThrow('http');
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '2606:2800:220:1::1']) expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('a scheduled feed', () => {
  const feeds = () =>
    dealerFeeds({
      db: t.db,
      imports: imports(),
      fetcher: httpPhotoFetcher({ allowPrivateNetworks: true }),
      log: silent,
    });
  /** A round of the queue at `at`, the schedule first, as the app's runner does. */
  const roundAt = (at: Date) =>
    createJobQueue({
      db: t.db,
      jobs: [dealerFeedFetchJob(feeds()), dealerImportJob(imports())],
      beforeRound: async (when) => void (await scheduleDealerFeeds(t.db, when)),
      log: silent,
    }).runDue(at);
  const put = async (body: object) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${BASE}${paths.dealerFeed(dealer.slug)}`,
      headers: await t.auth(dealer.owner),
      payload: body,
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('is set by a member, refused with a message naming the field, and fetched through the queue on its clock', async () => {
    expect(await put({ url: 'ftp://x' })).toEqual({
      status: 400,
      body: { message: FEED_SCHEDULE_MESSAGES.url, field: 'url' },
    });
    expect(await put({ url: `${base}/lager.csv`, intervalMinutes: 5 })).toMatchObject({
      status: 400,
      body: { field: 'intervalMinutes' },
    });
    const set = await put({ url: `${base}/lager.csv`, intervalMinutes: 60 });
    expect(set).toMatchObject({ status: 200, body: { url: `${base}/lager.csv`, intervalMinutes: 60 } });

    const start = new Date(Date.now() + 1000);
    await roundAt(start);
    const first = (await imports().list(dealer.slug))[0]!;
    expect(first).toMatchObject({ source: 'schedule', status: 'done', full: true, counts: { created: 1 } });
    // Not due again within the hour; due after it.
    await roundAt(new Date(start.getTime() + 30 * 60_000));
    expect((await imports().list(dealer.slug))[0]!.id).toBe(first.id);
    await roundAt(new Date(start.getTime() + 61 * 60_000));
    const second = (await imports().list(dealer.slug))[0]!;
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ source: 'schedule', status: 'done', counts: { unchanged: 1, created: 0 } });
  });

  it('a feed that cannot be fetched is a failed run with the reason', async () => {
    expect((await put({ url: `${base}/borta.csv`, intervalMinutes: 15 })).status).toBe(200);
    await roundAt(new Date(Date.now() + 1000));
    expect((await imports().list(dealer.slug))[0]).toMatchObject({
      source: 'schedule',
      status: 'failed',
      failure: 'Flödet kunde inte hämtas: svarade 404',
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}${paths.dealerFeed(dealer.slug)}`,
      headers: await t.auth(dealer.owner),
    });
    expect(removed.statusCode).toBe(204);
  });
});
