// Dealers' ads (issue 45, decision 060): a dealer's member publishes for the dealer; lists and the ad carry the
// dealer; 'Privat / Handlare' (`seller`) and one dealer (`dealer`) filter the list, the count and bevakningar alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryPaths as paths } from '@bilmarknaden/shared/api-paths';
import { SELLER_MESSAGES } from '@bilmarknaden/shared/filters';
import { watchChips, type WatchQuery } from '@bilmarknaden/shared/watches';
import {
  adFields,
  BASE,
  buildTestApp,
  expectSameAds,
  insertCar,
  multipart,
  runQueuedJobs,
  saveWatches,
  type TestApp,
} from './inventory-helpers.ts';
import { insertDealerCar, testDealers } from './dealer-helpers.ts';

const dealers = testDealers();
const bilhuset = dealers.add({
  slug: 'bilhuset-i-umea',
  name: 'Bilhuset i Umeå AB',
  owner: 'bilhuset',
  members: ['saljare1'],
});
const autohallen = dealers.add({ slug: 'autohallen', name: 'Autohallen', owner: 'autohallen' });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ dealers: dealers.directory });
}, 60_000);
afterAll(() => t?.close());

const publish = async (username: string) => {
  const body = multipart(adFields());
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}${paths.createCar}`,
    payload: body.payload,
    headers: { ...body.headers, ...(await t.auth(username)) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
const detail = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `${BASE}/001/2001?carid=${id}` })).json();
const list = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `${BASE}${paths.listCars}?${new URLSearchParams({ ...query, end: '100' })}` });

describe('an ad published through the form', () => {
  it('by a dealer’s member is the dealer’s: the ad and the lists carry its slug and company name', async () => {
    const id = await publish('saljare1');
    const ad = await detail(id);
    expect(ad.dealer).toEqual({ slug: bilhuset.slug, name: bilhuset.name });
    expect(ad.user).toBe('saljare1');
    const listed = (await list({ dealer: bilhuset.slug })).json() as { id: number; dealer: unknown }[];
    expect(listed.find((c) => c.id === id)?.dealer).toEqual({ slug: bilhuset.slug, name: bilhuset.name });
  });

  it('by anyone else is a private seller’s: dealer null', async () => {
    const id = await publish('privatperson');
    expect((await detail(id)).dealer).toBeNull();
    const listed = (await list({ seller: 'privat' })).json() as { id: number; dealer: unknown }[];
    expect(listed.find((c) => c.id === id)?.dealer).toBeNull();
  });
});

describe('the seller and dealer filters', () => {
  it('list, count and bevakningar agree on seller=privat|handlare and dealer={slug}', async () => {
    const make = 'Saab';
    const queries: WatchQuery[] = [
      { make, seller: 'handlare' },
      { make, seller: 'privat' },
      { make, dealer: bilhuset.slug },
      { make, dealer: autohallen.slug, seller: 'handlare' },
      { make, dealer: bilhuset.slug, seller: 'privat' },
      { make, seller: 'Handlare', fuel: 'bensin' },
    ];
    const watchIds = await saveWatches(t, await t.auth('saljarbevakare'), queries);
    const ids = {
      privat: await insertCar(t.db, { make, model: '9-5' }),
      privatBensin: await insertCar(t.db, { make, model: '9-5', fuel: 'bensin' }),
      bilhuset: await insertDealerCar(t.db, bilhuset, { make, model: '9-3' }),
      bilhusetBensin: await insertDealerCar(t.db, bilhuset, { make, model: '9-3', fuel: 'bensin' }),
      autohallen: await insertDealerCar(t.db, autohallen, { make, model: '900' }),
    };
    // The dealer columns are set by an edit after the insert (as the import's update would): matched then too.
    await runQueuedJobs(t.db);
    const expected = [
      [ids.bilhuset, ids.bilhusetBensin, ids.autohallen],
      [ids.privat, ids.privatBensin],
      [ids.bilhuset, ids.bilhusetBensin],
      [ids.autohallen],
      [],
      [ids.bilhusetBensin],
    ];
    for (const [i, query] of queries.entries()) await expectSameAds(t, query, watchIds[i]!, expected[i]!);
  });

  it('a bevakning keeps the seller as the list reads it, and names it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}${paths.watches}`,
      headers: await t.auth('saljarnamn'),
      payload: { query: { seller: ' HANDLARE ' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Handlare', query: { seller: 'handlare' } });
    expect(watchChips({ dealer: 'autohallen', seller: 'privat' })).toEqual(['Privat', 'Handlare: autohallen']);
  });

  it('an unknown seller or a malformed dealer: 400 naming the parameter', async () => {
    const seller = await list({ seller: 'foretag' });
    expect(seller.statusCode).toBe(400);
    expect(seller.json()).toEqual({ message: SELLER_MESSAGES.seller, field: 'seller' });
    const dealer = await t.app.inject({
      method: 'GET',
      url: `${BASE}${paths.countCars}?dealer=${encodeURIComponent('a b')}`,
    });
    expect(dealer.statusCode).toBe(400);
    expect(dealer.json()).toEqual({ message: SELLER_MESSAGES.dealer, field: 'dealer' });
    const watch = await t.app.inject({
      method: 'POST',
      url: `${BASE}${paths.watches}`,
      headers: await t.auth('saljarfel'),
      payload: { query: { seller: 'foretag' } },
    });
    expect(watch.statusCode).toBe(400);
    expect(watch.json()).toEqual({ message: SELLER_MESSAGES.seller, field: 'seller' });
  });
});
