// 'Granskas' (issue 42): an ad priced below 60 % of the low end of its fair-price range is held hidden, out of
// lists and bevakningar, until a moderator approves it (shown, and matched then) or hides it (the seller may then
// ask for a review). The seller is told why; an edit down to such a price is held too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryPaths as paths } from '@bilmarknaden/shared/api-paths';
import type { CarListItem, PriceRange, QueueItem } from '@bilmarknaden/shared/api-types';
import { PRICE_HOLD_REASON, PRICE_HOLD_SHARE } from '@bilmarknaden/shared/price-hold';
import { ROLES } from '@bilmarknaden/shared/constants';
import { MODERATION_MESSAGES } from '@bilmarknaden/shared/validation/moderation';
import type { IdentityClient, NotificationRequest } from '@bilmarknaden/service-kit/identity-client';
import {
  BASE,
  adFields,
  buildTestApp,
  editFields,
  insertCar,
  multipart,
  runQueuedJobs,
  type TestApp,
} from './inventory-helpers.ts';

let t: TestApp;
let seller: Record<string, string>;
let moderator: Record<string, string>;
let low: number;

const asked: NotificationRequest[] = [];
const identity: IdentityClient = { notify: async (request) => void asked.push(request) };
const runJobs = () => runQueuedJobs(t.db, identity, 'https://b.test');

beforeAll(async () => {
  t = await buildTestApp();
  seller = await t.auth('lockpris');
  moderator = await t.auth('granskare', ROLES.moderator);
  // Ten comparables of the form's car (Volvo V70 2016, 14 500 mil): its cell gets a range.
  for (let i = 0; i < 10; i++) {
    await insertCar(t.db, { make: 'Volvo', model: 'V70', year: 2016, milage: 14_500, price: 120_000 + i * 5_000 });
  }
  const range = await call<PriceRange>('GET', `${paths.priceRange}?make=Volvo&model=V70&year=2016&milage=14500`);
  low = range.body.low!;
  expect(low).toBeGreaterThan(100_000);
}, 60_000);
afterAll(() => t?.close());

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers = {}, payload?: object) {
  const res = await t.app.inject({ method, url: `${BASE}${url}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as T };
}

async function publish(price: number, overrides: Record<string, string> = {}) {
  const body = multipart(adFields({ price: String(price), ...overrides }));
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}${paths.createCar}`,
    payload: body.payload,
    headers: { ...body.headers, ...seller },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; held?: true }>();
}

const listed = async () =>
  (await call<CarListItem[]>('GET', '/001/2003?make=volvo&model=v70&start=0&end=100')).body.map((c) => c.id);
const publicStatus = async (id: number) => (await call('GET', `/001/2001?carid=${id}`)).status;
const queue = async () => (await call<QueueItem[]>('GET', paths.moderationQueue, moderator)).body;
const ownHidden = (id: number) =>
  call<{ hidden: { reason: string; heldForPrice: boolean } }>('GET', paths.ownHiddenCar(id), seller);

/** A bevakning of Volvo V70 by a buyer, and the ids it has been matched with. */
async function watchVolvo() {
  const buyer = await t.auth(`bevakare${Math.random().toString(36).slice(2, 8)}`);
  const res = await call<{ id: number }>('POST', paths.watches, buyer, {
    query: { make: 'Volvo', model: 'V70' },
    notify: 'instant',
  });
  expect(res.status).toBe(201);
  return async () =>
    (
      await t.db.query<{ car_id: number }>('SELECT car_id FROM inventory.watch_hits WHERE watch_id = $1', [res.body.id])
    ).rows.map((r) => r.car_id);
}

describe("an ad far below its range: 'Granskas'", () => {
  it('is held: not listed, not shown, not matched; the seller and the moderators are told why', async () => {
    const hits = await watchVolvo();
    const { id, held } = await publish(Math.floor(PRICE_HOLD_SHARE * low) - 1_000);
    expect(held).toBe(true);
    await runJobs();
    expect(await listed()).not.toContain(id);
    expect(await publicStatus(id)).toBe(404);
    expect(await hits()).not.toContain(id);

    const own = await ownHidden(id);
    expect(own.status).toBe(200);
    expect(own.body.hidden).toMatchObject({ reason: PRICE_HOLD_REASON, heldForPrice: true });
    const item = (await queue()).find((q) => q.carId === id);
    expect(item).toMatchObject({ status: 'hidden', heldForPrice: true, reviewRequested: false, openReports: 0 });

    // Already in review: the seller cannot ask for one.
    const review = await call<{ message: string }>('POST', paths.carReview(id), seller, { text: 'Priset är rätt.' });
    expect(review.status).toBe(409);
    expect(review.body.message).toBe(MODERATION_MESSAGES.heldInReview);
  });

  it('is shown, and matched by bevakningar, once a moderator approves it', async () => {
    const hits = await watchVolvo();
    const { id } = await publish(Math.floor(PRICE_HOLD_SHARE * low) - 5_000);
    expect((await call('DELETE', paths.moderationHidden(id), moderator)).status).toBe(204);
    await runJobs();
    expect(await listed()).toContain(id);
    expect(await publicStatus(id)).toBe(200);
    expect(await hits()).toContain(id);
    expect((await queue()).some((q) => q.carId === id)).toBe(false);
    expect((await ownHidden(id)).status).toBe(404);
  });

  it("stays hidden with the moderator's reason when hidden, and the seller may then ask for a review", async () => {
    const { id } = await publish(Math.floor(PRICE_HOLD_SHARE * low) - 2_000);
    const reason = 'Bilen finns inte, annonsen är ett bedrägeriförsök';
    expect((await call('PUT', paths.moderationHidden(id), moderator, { reason })).status).toBe(204);
    expect(await publicStatus(id)).toBe(404);
    expect((await ownHidden(id)).body.hidden).toMatchObject({ reason, heldForPrice: false });
    expect((await queue()).some((q) => q.carId === id)).toBe(false);
    expect((await call('POST', paths.carReview(id), seller, { text: 'Bilen finns, se bilderna.' })).status).toBe(204);
    expect((await queue()).find((q) => q.carId === id)).toMatchObject({ reviewRequested: true, heldForPrice: false });
  });

  it('is not held at or above the share, nor without a range', async () => {
    const fair = await publish(Math.ceil(PRICE_HOLD_SHARE * low) + 1_000);
    expect(fair.held).toBeUndefined();
    expect(await listed()).toContain(fair.id);
    // No comparables of this car: no range, nothing to judge by.
    const alone = await publish(5_000, { make: 'Saab', model: '9-3', title: 'Saab 9-3 Aero' });
    expect(alone.held).toBeUndefined();
    expect(await publicStatus(alone.id)).toBe(200);
  });

  it('holds an ad edited down to such a price', async () => {
    const { id } = await publish(low);
    const body = multipart(editFields({ price: String(Math.floor(PRICE_HOLD_SHARE * low) - 10_000) }));
    const res = await t.app.inject({
      method: 'PUT',
      url: `${BASE}${paths.carById(id)}`,
      payload: body.payload,
      headers: { ...body.headers, ...seller },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await listed()).not.toContain(id);
    expect((await ownHidden(id)).body.hidden.heldForPrice).toBe(true);
  });
});
