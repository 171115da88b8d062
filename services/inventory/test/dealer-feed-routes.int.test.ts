// The feed's endpoints (issue 45, decision 060): an upload by a member's token or the dealer's API key, a revoked or
// unknown key refused with 401, the runs' status and report for members and staff only, the file's and rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { inventoryPaths as paths } from '@bilmarknaden/shared/api-paths';
import { ROLES } from '@bilmarknaden/shared/constants';
import { FEED_LIMITS, FEED_MESSAGES } from '@bilmarknaden/shared/dealer-feed';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { dealerImportJob } from '../src/jobs/dealer-import.ts';
import { localVehicleRegister } from '../src/register/local-register.ts';
import { dealerImportService } from '../src/services/dealer-import-service.ts';
import { BASE, buildTestApp, multipart, silent, type TestApp } from './inventory-helpers.ts';
import { feedCar, feedCsv, testDealers } from './dealer-helpers.ts';

const dealers = testDealers();
dealers.add({
  slug: 'bilhuset',
  name: 'Bilhuset AB',
  owner: 'bh-agare',
  members: ['bh-saljare'],
  keys: ['key-bilhuset', 'key-bilhuset-2'],
});
dealers.add({ slug: 'autohallen', name: 'Autohallen', owner: 'ah-agare', keys: ['key-autohallen'] });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ dealers: dealers.directory });
}, 60_000);
afterAll(() => t?.close());

const runJobs = () =>
  createJobQueue({
    db: t.db,
    jobs: [dealerImportJob(dealerImportService({ db: t.db, register: localVehicleRegister(t.db), log: silent }))],
    log: silent,
  }).runDue();

async function upload(
  slug: string,
  headers: Record<string, string>,
  file: { data: Buffer; filename?: string } | null,
  fields: Record<string, string> = {},
) {
  const body = multipart(
    fields,
    file ? [{ field: 'feed', filename: file.filename ?? 'lager.csv', contentType: 'text/csv', data: file.data }] : [],
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}${paths.dealerImports(slug)}`,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}
const get = async (url: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers });
  return { status: res.statusCode, body: res.json() };
};
const csv = (...cars: ReturnType<typeof feedCar>[]) => ({ data: Buffer.from(feedCsv(cars)) });

describe('uploading a feed', () => {
  it('by a member: queued (202), applied by the job, its report with the bad row; the cars are the dealer’s', async () => {
    const member = await t.auth('bh-saljare');
    const res = await upload('bilhuset', member, csv(feedCar('U1'), feedCar('U2', { price: '' }), feedCar('U3')));
    expect(res).toEqual({ status: 202, body: { id: expect.any(Number), total: 3 } });
    const queued = await get(paths.dealerImport('bilhuset', res.body.id), member);
    expect(queued.body).toMatchObject({
      status: 'queued',
      done: 0,
      total: 3,
      source: 'upload',
      startedBy: 'bh-saljare',
    });
    await runJobs();
    const report = await get(paths.dealerImport('bilhuset', res.body.id), member);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({
      status: 'done',
      done: 3,
      full: true,
      counts: { created: 2, errors: 1 },
      errors: [{ row: 3, field: 'price', message: 'pris saknas' }],
    });
    const list = await t.app.inject({ method: 'GET', url: `${BASE}${paths.listCars}?dealer=bilhuset` });
    expect((list.json() as { dealer: unknown }[]).map((c) => c.dealer)).toEqual([
      { slug: 'bilhuset', name: 'Bilhuset AB' },
      { slug: 'bilhuset', name: 'Bilhuset AB' },
    ]);
  });

  it('by the dealer’s API key, in either header; full=false; the run names its source', async () => {
    const a = await upload('bilhuset', { authorization: 'ApiKey key-bilhuset' }, csv(feedCar('K1')), { full: 'false' });
    expect(a.status).toBe(202);
    const b = await upload('bilhuset', { 'x-api-key': 'key-bilhuset-2' }, csv(feedCar('K2')), { full: 'false' });
    expect(b.status).toBe(202);
    const run = await get(paths.dealerImport('bilhuset', a.body.id), { 'x-api-key': 'key-bilhuset' });
    expect(run.body).toMatchObject({ source: 'api-key', startedBy: null, full: false });
  });

  it('a revoked, unknown or other dealer’s key is 401, and nothing is queued', async () => {
    dealers.revoke('key-bilhuset-2');
    const before = await get(paths.dealerImports('bilhuset'), { 'x-api-key': 'key-bilhuset' });
    const refused: Record<string, string>[] = [
      { 'x-api-key': 'key-bilhuset-2' },
      { authorization: 'ApiKey nonsense' },
      { authorization: 'ApiKey key-autohallen' },
    ];
    for (const headers of refused) {
      const res = await upload('bilhuset', headers, csv(feedCar('N1')));
      expect(res).toEqual({ status: 401, body: { message: FEED_MESSAGES.keyInvalid } });
    }
    expect(await get(paths.dealerImports('bilhuset'), { 'x-api-key': 'key-bilhuset-2' })).toMatchObject({
      status: 401,
    });
    const after = await get(paths.dealerImports('bilhuset'), { 'x-api-key': 'key-bilhuset' });
    expect(after.body).toHaveLength(before.body.length);
  });

  it('without a login 401; a user of no or another dealer 403; staff may; an unknown dealer 404 for staff', async () => {
    expect((await upload('bilhuset', {}, csv(feedCar('Z1')))).status).toBe(401);
    const stranger = await upload('bilhuset', await t.auth('nagon'), csv(feedCar('Z1')));
    expect(stranger).toEqual({ status: 403, body: { message: FEED_MESSAGES.forbidden } });
    expect((await get(paths.dealerImports('bilhuset'), await t.auth('ah-agare'))).status).toBe(403);
    const staff = await t.auth('moderatorn', ROLES.moderator);
    expect((await get(paths.dealerImports('bilhuset'), staff)).status).toBe(200);
    expect((await get(paths.dealerImports('finns-inte'), staff)).status).toBe(404);
    expect((await get(paths.dealerImport('bilhuset', 999999), staff)).status).toBe(404);
  });

  it('refuses what is not a feed with a Swedish message on feed or full, and nothing is queued', async () => {
    const member = await t.auth('bh-agare');
    expect(await upload('bilhuset', member, null)).toEqual({
      status: 400,
      body: { message: FEED_MESSAGES.noFile, field: 'feed' },
    });
    expect((await upload('bilhuset', member, { data: Buffer.from('externalId,price\n') })).body).toEqual({
      message: FEED_MESSAGES.empty,
      field: 'feed',
    });
    expect((await upload('bilhuset', member, { data: Buffer.from('{"cars": 3}') })).body).toEqual({
      message: FEED_MESSAGES.unreadableJson,
      field: 'feed',
    });
    expect((await upload('bilhuset', member, csv(feedCar('F1')), { full: 'kanske' })).body).toEqual({
      message: FEED_MESSAGES.full,
      field: 'full',
    });
    const zip = Buffer.from(zipSync({ 'bild.jpg': new Uint8Array([1, 2, 3]) }));
    expect((await upload('bilhuset', member, { data: zip, filename: 'lager.zip' })).body).toEqual({
      message: FEED_MESSAGES.zipFeed,
      field: 'feed',
    });
  });

  it('takes a zip with its feed', async () => {
    const member = await t.auth('bh-agare');
    const zip = Buffer.from(zipSync({ 'lager/flode.csv': new TextEncoder().encode(feedCsv([feedCar('Z9')])) }));
    const res = await upload('bilhuset', member, { data: zip, filename: 'lager.zip' }, { full: 'false' });
    expect(res).toMatchObject({ status: 202, body: { total: 1 } });
  });

  it('allows at most the hourly number of uploads per dealer (429)', async () => {
    const dealer = dealers.add({ slug: 'flitig', name: 'Flitig AB', owner: 'flitig' });
    await t.db.query(
      `INSERT INTO inventory.import_runs (dealer_slug, dealer_name, owner, source, format, full_feed, total, status)
       SELECT 'flitig', 'Flitig AB', 'flitig', 'upload', 'csv', true, 0, 'done' FROM generate_series(1, $1)`,
      [FEED_LIMITS.uploadsPerHour],
    );
    const res = await upload(dealer.slug, await t.auth('flitig'), csv(feedCar('L1')));
    expect(res.status).toBe(429);
  });
});
