// Search forgives spacing and small typos in makes and models; counts and 'Liknande bilar' (decision 043).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { BASE, buildTestApp, insertCar, type TestApp } from './inventory-helpers.ts';

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await buildTestApp();
  const plain = { title: 'Fin bil', description: 'Servad enligt programmet.' };
  ids = {
    xc90: await insertCar(t.db, { ...plain, make: 'Volvo', model: 'XC90', price: 300_000 }),
    v70: await insertCar(t.db, { ...plain, make: 'Volvo', model: 'V70', price: 90_000 }),
    cx5: await insertCar(t.db, { ...plain, make: 'Mazda', model: 'CX-5', price: 200_000 }),
    saab: await insertCar(t.db, { ...plain, make: 'Saab', model: '9-5', price: 40_000 }),
    toyota: await insertCar(t.db, { ...plain, make: 'Toyota', model: 'Corolla', price: 120_000 }),
    benz: await insertCar(t.db, { ...plain, make: 'Mercedes-Benz', model: 'E-klass', price: 250_000 }),
    rover: await insertCar(t.db, { ...plain, make: 'Land Rover', model: 'Defender', price: 500_000 }),
  };
});
afterAll(() => t.close());

async function search(term: string): Promise<Set<number>> {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}/001/2003?searchterm=${encodeURIComponent(term)}` });
  expect(res.statusCode).toBe(200);
  return new Set((res.json() as CarListItem[]).map((c) => c.id));
}
const idsOf = (keys: string[]) => new Set(keys.map((k) => ids[k]));

describe('search forgives spacing', () => {
  it.each([
    ['xc 90', ['xc90']],
    ['XC-90', ['xc90']],
    ['volvo xc 90', ['xc90']],
    ['v 70', ['v70']],
    ['cx5', ['cx5']],
    ['cx 5', ['cx5']],
    ['saab 9 5', ['saab']],
    ['95', ['saab']],
    ['landrover', ['rover']],
  ])('%j finds the model', async (term, expected) => {
    expect(await search(term)).toEqual(idsOf(expected));
  });
});

describe('search forgives small typos in makes and models', () => {
  it.each([
    ['volvp', ['xc90', 'v70']],
    ['Volvp xc90', ['xc90']],
    ['toyta', ['toyota']],
    ['corrolla', ['toyota']],
    ['mercedez', ['benz']],
    ['defnder', ['rover']],
  ])('%j finds the ads of the name meant', async (term, expected) => {
    expect(await search(term)).toEqual(idsOf(expected));
  });

  it.each([
    ['volv', ['xc90', 'v70']], // part of a name: no correction needed, none made
    ['kombi', ['xc90', 'v70', 'cx5', 'saab', 'toyota', 'benz', 'rover']], // a word of the ads, not a name
    ['bmw', []], // too short to guess
    ['zzzzz', []],
    ['volvp diesel', ['xc90', 'v70']],
    ['volvp bensin', []], // every word still must match
  ])('%j finds only what it should', async (term, expected) => {
    expect(await search(term)).toEqual(idsOf(expected));
  });
});

describe('GET /cars/count', () => {
  const count = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}${inventoryPaths.countCars}${query}` });
    expect(res.statusCode).toBe(200);
    return res.json() as { count: number; more: boolean };
  };

  it('counts what the list lists, with the same filters and search', async () => {
    expect(await count('')).toEqual({ count: 7, more: false });
    expect(await count('?make=VOLVO')).toEqual({ count: 2, more: false });
    expect(await count('?make=volvo&priceMin=100000')).toEqual({ count: 1, more: false });
    expect(await count('?searchterm=volvp')).toEqual({ count: 2, more: false });
    expect(await count('?fuel=vätgas')).toEqual({ count: 0, more: false });
    expect(await count('?searchterm=%25')).toEqual({ count: 0, more: false });
  });

  it('refuses what the list refuses, with its message', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}${inventoryPaths.countCars}?priceMin=abc` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'priceMin' });
  });

  it("stops at the lists' depth and says there are more", async () => {
    const extra = await t.db.query<{ n: number }>(
      `INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type,
         transmission, drivetrain, fuel, username, status, created)
       SELECT 'Massbil', 'x', 1000, 'Dacia', 'Logan', 2010, 1000, 80, 'vit', 'sedan', 'manuell', 'fwd', 'bensin',
         'bulk', 'active', '2020-01-01'
       FROM generate_series(1, 1001) RETURNING 1 AS n`,
    );
    expect(extra.rows).toHaveLength(1001);
    expect(await count('?make=dacia')).toEqual({ count: 1000, more: true });
    expect(await count('?make=volvo')).toEqual({ count: 2, more: false });
    await t.db.query(`DELETE FROM inventory.cars WHERE username = 'bulk'`);
  });
});

describe('GET /cars/{id}/similar', () => {
  const similar = (id: number | string) =>
    t.app.inject({ method: 'GET', url: `${BASE}${inventoryPaths.similarCars(id)}` });

  it('lists up to 6 ads of the same make and model, nearest price first, the ad itself left out', async () => {
    const base = await insertCar(t.db, { make: 'Kia', model: 'Ceed', price: 100_000 });
    const prices = [99_000, 103_000, 80_000, 150_000, 100_500, 60_000, 200_000, 97_000];
    const byPrice = new Map<number, number>();
    for (const price of prices) byPrice.set(price, await insertCar(t.db, { make: 'KIA', model: 'ceed', price }));
    await insertCar(t.db, { make: 'Kia', model: 'Niro', price: 100_000 });
    await insertCar(t.db, { make: 'Kia', model: 'Ceed', price: 100_000, status: 'pending' });

    const res = await similar(base);
    expect(res.statusCode).toBe(200);
    const listed = (res.json() as CarListItem[]).map((c) => c.price);
    // 103 000 and 97 000 are as near: the older ad first.
    expect(listed).toEqual([100_500, 99_000, 103_000, 97_000, 80_000, 60_000]);
  });

  it('answers an empty list for an ad with no like, and 404 for an unknown or pending ad', async () => {
    const lonely = await insertCar(t.db, { make: 'Lancia', model: 'Thema' });
    expect((await similar(lonely)).json()).toEqual([]);
    expect((await similar(999_999)).statusCode).toBe(404);
    expect((await similar('abc')).statusCode).toBe(404);
    const pending = await insertCar(t.db, { make: 'Lancia', model: 'Thema', status: 'pending' });
    expect((await similar(pending)).statusCode).toBe(404);
  });
});
