import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car, CarListItem, PriceRange } from '@bilmarknaden/shared/api-types';
import { onPostgresOnly } from '@bilmarknaden/db/test-engine';
import {
  BASE,
  editFields,
  buildTestApp,
  insertCar,
  multipart,
  runQueuedJobs,
  type TestApp,
} from './inventory-helpers.ts';

let t: TestApp;
let owner: Record<string, string>;
let stranger: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.auth('olle');
  stranger = await t.auth('mallory');
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}${url}` });
  return { status: res.statusCode, body: res.json<T>() };
};
const detail = async (id: number) => (await get<Car>(`/001/2001?carid=${id}`)).body;
const listIds = async (query: string) => (await get<CarListItem[]>(`/001/2003?${query}`)).body.map((c) => c.id);
const edit = async (id: number, fields: Record<string, string>, auth = owner) => {
  const body = multipart(editFields(fields));
  const res = await t.app.inject({
    method: 'PUT',
    url: `${BASE}/cars/${id}`,
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
  return { status: res.statusCode, body: res.body ? res.json<{ message?: string }>() : null };
};
const sold = async (method: 'PUT' | 'DELETE', id: number | string, auth: Record<string, string> = owner) => {
  const res = await t.app.inject({ method, url: `${BASE}/cars/${id}/sold`, headers: auth });
  return { status: res.statusCode, body: res.body ? res.json<{ soldAt?: string; message?: string }>() : null };
};

/** An ad of the form's make and model (editFields: Volvo V70 2016, 14 500 mil) straight into the table. */
const volvo = (price: number, overrides: Parameters<typeof insertCar>[1] = {}) =>
  insertCar(t.db, { make: 'Volvo', model: 'V70', year: 2016, milage: 14_500, price, username: 'olle', ...overrides });

describe('price history', () => {
  it("records each of the owner's price changes and marks the last cut", async () => {
    const id = await volvo(129_900, { make: 'Saab', model: '9-5', title: 'Saab för prishistorik' });
    expect((await detail(id)).priceHistory).toHaveLength(1);
    expect((await detail(id)).priceCut).toBeNull();

    expect((await edit(id, { make: 'Saab', model: '9-5', price: '124900' })).status).toBe(204);
    const lowered = await detail(id);
    expect(lowered.priceHistory!.map((h) => h.price)).toEqual([129_900, 124_900]);
    expect(lowered.priceCut).toBe(5_000);
    const card = (await get<CarListItem[]>('/001/2003?make=saab&model=9-5')).body.find((c) => c.id === id)!;
    expect(card.priceCut).toBe(5_000);

    // An edit that leaves the price as it is records nothing.
    expect((await edit(id, { make: 'Saab', model: '9-5', price: '124900', title: 'Ny rubrik här' })).status).toBe(204);
    expect((await detail(id)).priceHistory).toHaveLength(2);

    // A raise is history too, and the card no longer says 'Sänkt'.
    expect((await edit(id, { make: 'Saab', model: '9-5', price: '126000' })).status).toBe(204);
    const raised = await detail(id);
    expect(raised.priceHistory!.map((h) => h.price)).toEqual([129_900, 124_900, 126_000]);
    expect(raised.priceCut).toBeNull();
    const dates = raised.priceHistory!.map((h) => Date.parse(h.date));
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
  });

  it('shows the newest 20 changes, the price before them at the publishing date, and keeps them when sold', async () => {
    const id = await volvo(100_000);
    const published = (await detail(id)).created;
    const prices = Array.from({ length: 23 }, (_, i) => 99_000 - i * 1_000);
    for (const price of prices) expect((await edit(id, { price: String(price) })).status).toBe(204);
    const shown = (await detail(id)).priceHistory!;
    expect(shown).toHaveLength(21);
    expect(shown[0]).toEqual({ date: published, price: prices[2] });
    expect(shown.slice(1).map((h) => h.price)).toEqual(prices.slice(3));
    expect((await detail(id)).priceCut).toBe(1_000);
    expect((await sold('PUT', id)).status).toBe(200);
    const afterSale = await detail(id);
    expect(afterSale.priceHistory).toEqual(shown);
    expect(afterSale.priceJudgement).toBeNull();
  });
  it('starts with the price the ad was published at, whatever it was while pending', async () => {
    const id = await volvo(150_000, { status: 'pending' });
    await t.db.query('UPDATE inventory.cars SET price = 140000 WHERE id = $1', [id]);
    await t.db.query("UPDATE inventory.cars SET status = 'active', created = now() WHERE id = $1", [id]);
    const page = await detail(id);
    expect(page.priceHistory).toEqual([{ date: page.created, price: 140_000 }]);
    expect(page.priceCut).toBeNull();
  });
});

describe('sold', () => {
  it('leaves lists and search at once, stays on its page marked sold, and can be taken back', async () => {
    const id = await volvo(88_000, { title: 'Unik Kombi Soldtest', make: 'Saab', model: '9-3' });
    expect(await listIds('make=saab&model=9-3')).toContain(id);

    const marked = await sold('PUT', id);
    expect(marked.status).toBe(200);
    expect(Date.parse(marked.body!.soldAt!)).not.toBeNaN();

    expect(await listIds('make=saab&model=9-3')).not.toContain(id);
    expect(await listIds('searchterm=soldtest')).not.toContain(id);
    expect(await listIds('')).not.toContain(id);
    expect((await get<CarListItem[]>('/001/2002?username=olle')).body.map((c) => c.id)).not.toContain(id);
    const page = await detail(id);
    expect(page.soldAt).toBe(marked.body!.soldAt);
    expect(page.priceJudgement).toBeNull();

    const sale = await t.db.query<{ car_id: number; listed_at: Date | string; sold_at: Date | string }>(
      'SELECT car_id, listed_at, sold_at FROM inventory.sales WHERE car_id = $1',
      [id],
    );
    expect(sale.rows).toHaveLength(1);
    expect(new Date(sale.rows[0]!.sold_at).getTime()).toBeGreaterThan(new Date(sale.rows[0]!.listed_at).getTime());

    // The owner's own list of sold ads has it, with the time; nobody else's.
    const own = await t.app.inject({ method: 'GET', url: `${BASE}/cars/sold`, headers: owner });
    expect(own.json<{ id: number; soldAt: string }[]>().find((c) => c.id === id)?.soldAt).toBe(marked.body!.soldAt);
    const others = await t.app.inject({ method: 'GET', url: `${BASE}/cars/sold`, headers: stranger });
    expect(others.json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/cars/sold` })).statusCode).toBe(401);

    // Marking again answers the first time; a sold ad is not edited.
    expect((await sold('PUT', id)).body!.soldAt).toBe(marked.body!.soldAt);
    const refused = await edit(id, { make: 'Saab', model: '9-3' });
    expect(refused.status).toBe(409);
    expect(refused.body!.message).toBe('Annonsen är såld. Ångra försäljningen för att ändra den.');

    // 'Ångra': for sale again, in the lists, the sale forgotten.
    expect((await sold('DELETE', id)).status).toBe(204);
    expect((await detail(id)).soldAt).toBeNull();
    expect(await listIds('make=saab&model=9-3')).toContain(id);
    const forgotten = await t.db.query('SELECT 1 FROM inventory.sales WHERE car_id = $1', [id]);
    expect(forgotten.rows).toHaveLength(0);
  });

  it('is for the owner only: 401 without a token, 403 for another user, 404 for no such ad', async () => {
    const id = await volvo(77_000);
    expect((await sold('PUT', id, {})).status).toBe(401);
    const other = await sold('PUT', id, stranger);
    expect(other.status).toBe(403);
    expect(other.body!.message).toBe('Du får bara ändra dina egna annonser');
    expect((await sold('DELETE', id, stranger)).status).toBe(403);
    expect((await sold('PUT', 999_999)).status).toBe(404);
    expect((await sold('PUT', 'abc')).status).toBe(404);
    expect((await detail(id)).soldAt).toBeNull();
  });

  it('can still be removed by its owner', async () => {
    const id = await volvo(66_000);
    await sold('PUT', id);
    const res = await t.app.inject({ method: 'DELETE', url: `${BASE}/cars/${id}`, headers: owner });
    expect(res.statusCode).toBe(204);
    expect((await get(`/001/2001?carid=${id}`)).status).toBe(404);
  });
});

describe('fair price', () => {
  // A model of its own for each case, so the cases do not count each other's ads.
  const comparables = async (model: string, prices: number[]) => {
    const ids: number[] = [];
    for (const price of prices) ids.push(await volvo(price, { model }));
    return ids;
  };
  const EIGHT = [90_000, 95_000, 100_000, 105_000, 110_000, 115_000, 120_000, 125_000];

  it('labels a price below, inside and above the middle half of 8 comparables', async () => {
    await comparables('S60', EIGHT);
    const low = await volvo(60_000, { model: 'S60' });
    const j = (await detail(low)).priceJudgement!;
    expect(j.comparables).toBe(8);
    expect(j.label).toBe('low');
    // Nine prices with the ad's own: the 25th percentile is the 3rd (95 000), the 75th the 7th (115 000).
    expect(j.low).toBe(95_000);
    expect(j.high).toBe(115_000);

    const card = (await get<CarListItem[]>('/001/2003?make=volvo&model=s60')).body;
    expect(card.find((c) => c.id === low)!.priceLabel).toBe('low');
  });

  it("gives 'normal' inside the range and 'high' above it", async () => {
    await comparables('V90', EIGHT);
    const normal = await volvo(105_000, { model: 'V90' });
    expect((await detail(normal)).priceJudgement!.label).toBe('normal');
    const high = await volvo(200_000, { model: 'V90' });
    expect((await detail(high)).priceJudgement).toMatchObject({ label: 'high', comparables: 9 });
  });

  it('refuses below 8 comparables and counts only same make, model, years ±2 and near mileage', async () => {
    await comparables('V60', EIGHT.slice(0, 7));
    // Not comparable: three model years away, another mileage band two bands off, another make.
    await volvo(100_000, { model: 'V60', year: 2019 });
    await volvo(100_000, { model: 'V60', milage: 20_500 });
    await insertCar(t.db, { make: 'Saab', model: 'V60', year: 2016, milage: 14_500, price: 100_000 });
    const ad = await volvo(100_000, { model: 'V60' });
    expect((await detail(ad)).priceJudgement).toEqual({ comparables: 7, low: null, high: null, label: null });
    expect((await get<CarListItem[]>('/001/2003?make=volvo&model=v60')).body.every((c) => c.priceLabel === null)).toBe(
      true,
    );

    // Two years older and a neighbouring band count, adjusted: 8 % a year, 3 % per 1,000 mil.
    await volvo(Math.round(100_000 / 1.08 ** 2), { model: 'V60', year: 2014 });
    const j = (await detail(ad)).priceJudgement!;
    expect(j.comparables).toBe(8);
    expect(j.label).toBe('normal');
  });

  it('adjusts the range to the year and mileage asked for (the seller’s form)', async () => {
    await comparables('XC60', EIGHT);
    const range = (y: number, m: number) =>
      get<PriceRange>(`/price-range?make=volvo&model=xc60&year=${y}&milage=${m}`).then((r) => r.body);
    // Eight prices: the 25th percentile is the 2nd (95 000), the 75th the 6th (115 000).
    expect(await range(2016, 14_500)).toEqual({ comparables: 8, low: 95_000, high: 115_000 });
    // Prices are counted in bins of 1 %: adjusted bounds are within a bin (and the rounding) of exact.
    const near = (value: number | null, exact: number) => expect(Math.abs(value! - exact)).toBeLessThanOrEqual(1_100);
    const newer = await range(2017, 14_500);
    expect(newer.comparables).toBe(8);
    near(newer.low, 95_000 * 1.08);
    near(newer.high, 115_000 * 1.08);
    const driven = await range(2016, 15_500);
    near(driven.low, 95_000 * 0.97);
    near(driven.high, 115_000 * 0.97);
    expect(await range(2016, 30_000)).toEqual({ comparables: 0, low: null, high: null });
  });

  it('keeps cells apart whose make and model run together the same', async () => {
    // 'Ab' + 'C' and 'A' + 'Bc' are different cells though their letters join the same way.
    for (const price of EIGHT) await insertCar(t.db, { make: 'Ab', model: 'C', year: 2016, milage: 14_500, price });
    await insertCar(t.db, { make: 'Ab', model: 'C', year: 2016, milage: 14_500, price: 100_000 });
    const ad = await insertCar(t.db, { make: 'A', model: 'Bc', year: 2016, milage: 14_500, price: 100_000 });
    expect((await detail(ad)).priceJudgement).toEqual({ comparables: 0, low: null, high: null, label: null });
  });

  it('judges a card again when its own price crosses a bound, its statistics unchanged', async () => {
    await comparables('V50', EIGHT);
    const ad = await volvo(94_800, { model: 'V50' });
    const bin = async (price: number) =>
      (await t.db.query<{ bin: number }>('SELECT inventory.price_bin($1, 2016, 14500) AS bin', [price])).rows[0]!.bin;
    // The same bin before and after: the edit changes no bucket or range, only the ad against its range.
    expect(await bin(95_200)).toBe(await bin(94_800));
    const card = async () =>
      (await get<CarListItem[]>('/001/2003?make=volvo&model=v50')).body.find((c) => c.id === ad)!.priceLabel;
    expect(await card()).toBe('low');
    expect((await edit(ad, { model: 'V50', year: '2016', milage: '14500', price: '95200' })).status).toBe(204);
    expect(await card()).toBe('normal');
    expect((await detail(ad)).priceJudgement!.label).toBe('normal');
  });

  onPostgresOnly(
    'leaves a card that another transaction holds to a job, which judges it once that one ends',
    async () => {
      const ids = await comparables('XC40', EIGHT);
      const ad = await volvo(100_000, { model: 'XC40' });
      const card = async () =>
        (await get<CarListItem[]>('/001/2003?make=volvo&model=xc40')).body.find((c) => c.id === ad)!.priceLabel;
      expect(await card()).toBe('normal');
      await t.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM inventory.cars WHERE id = $1 FOR UPDATE', [ad]);
        // On another connection, without waiting for this one: six comparables dearer put the ad below its range.
        for (const id of ids.slice(0, 6)) {
          await t.db.query('UPDATE inventory.cars SET price = 200000 WHERE id = $1', [id]);
        }
      });
      expect(await card()).toBe('normal');
      expect(await runQueuedJobs(t.db)).toBeGreaterThan(0);
      expect(await card()).toBe('low');
    },
  );

  onPostgresOnly('judges a new ad under its model’s lock, so a range moved beside the insert reaches it', async () => {
    const ids = await comparables('XC70', [...EIGHT, 100_000]);
    let moved: Promise<void> | undefined;
    let movedYet = false;
    const ad = await t.db.transaction(async (tx) => {
      const id = await insertCar(tx, {
        make: 'Volvo',
        model: 'XC70',
        year: 2016,
        milage: 14_500,
        price: 100_000,
        status: 'pending',
      });
      // Another connection makes six comparables dearer: it waits for this insert to end.
      moved = (async () => {
        for (const c of ids.slice(0, 6)) {
          await t.db.query('UPDATE inventory.cars SET price = 200000 WHERE id = $1', [c]);
        }
        movedYet = true;
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(movedYet).toBe(false);
      return id;
    });
    await moved;
    const kept = await t.db.query<{ price_label: string | null }>(
      'SELECT price_label FROM inventory.cars WHERE id = $1',
      [ad],
    );
    expect(kept.rows[0]!.price_label).toBe('low');
  });

  it('checks the form fields with the form’s rules', async () => {
    const bad = await get<{ message: string; field: string }>('/price-range?make=volvo&model=v70&year=abc&milage=1');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Ange ett giltigt årtal', field: 'year' });
    const noModel = await get<{ message: string; field: string }>('/price-range?make=volvo&year=2016&milage=1');
    expect(noModel.body).toEqual({ message: 'Ange en modell', field: 'model' });
  });

  it('keeps the statistics right as ads are edited, sold and removed', async () => {
    const ids = await comparables('V40', EIGHT);
    const ad = await volvo(100_000, { model: 'V40' });
    expect((await detail(ad)).priceJudgement!.comparables).toBe(8);

    // Sold: one fewer, and the judgement refused.
    await sold('PUT', ids[0]!);
    expect((await detail(ad)).priceJudgement).toMatchObject({ comparables: 7, label: null });
    await sold('DELETE', ids[0]!);
    expect((await detail(ad)).priceJudgement!.comparables).toBe(8);

    // Edited: the range moves with the prices.
    for (const id of ids.slice(0, 6)) {
      expect((await edit(id, { model: 'V40', year: '2016', milage: '14500', price: '200000' })).status).toBe(204);
    }
    expect((await detail(ad)).priceJudgement!.label).toBe('low');

    // Removed: too few again.
    const res = await t.app.inject({ method: 'DELETE', url: `${BASE}/cars/${ids[7]}`, headers: owner });
    expect(res.statusCode).toBe(204);
    expect((await detail(ad)).priceJudgement).toMatchObject({ comparables: 7, label: null });

    // The buckets are exactly the counts of the ads for sale.
    const drift = await t.db.query(
      `WITH truth AS (
         SELECT lower(make) AS make_key, lower(model) AS model_key, year, inventory.milage_band(milage) AS band,
           inventory.price_bin(price, year, milage) AS bin, count(*)::int AS n
         FROM inventory.cars WHERE status = 'active' AND price > 0 GROUP BY 1, 2, 3, 4, 5)
       SELECT * FROM truth FULL JOIN inventory.price_buckets b USING (make_key, model_key, year, band, bin)
       WHERE truth.n IS DISTINCT FROM b.n`,
    );
    expect(drift.rows).toEqual([]);

    // The ranges the triggers kept are those computed from scratch.
    const ranges = () =>
      t.db.query('SELECT * FROM inventory.price_ranges ORDER BY make_key, model_key, year, band').then((r) => r.rows);
    // Every ad's kept label is the one its cell's range gives now.
    const stale = await t.db.query(
      `SELECT id FROM inventory.cars
       WHERE price_label IS DISTINCT FROM (SELECT label FROM inventory.price_label_now(price, make, model, year, milage))`,
    );
    expect(stale.rows).toEqual([]);
    const labels = () => t.db.query('SELECT id, price_label FROM inventory.cars ORDER BY id').then((r) => r.rows);
    expect(
      (await labels()).filter((r) => (r as { price_label: string | null }).price_label !== null).length,
    ).toBeGreaterThan(0);

    const kept = await ranges();
    const keptLabels = await labels();
    await t.db.exec('SELECT inventory.rebuild_price_statistics()');
    expect(await ranges()).toEqual(kept);
    expect(await labels()).toEqual(keptLabels);
  });
});
