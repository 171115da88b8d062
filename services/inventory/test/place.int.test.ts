// Where the car is (issue 28): an ad's kommun is stored, validated by the shared rule, answered in every list
// and on the ad, and the list filters by county (`lan`) and kommun alongside the other filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { PLACE_MESSAGES } from '@bilmarknaden/shared/places';
import { adFields, editFields, BASE, buildTestApp, insertCar, multipart, type TestApp } from './inventory-helpers.ts';

let t: TestApp;
let sara: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  sara = await t.auth('sara');
});
afterAll(async () => {
  await t.close();
});

const send = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string>) => {
  const body = multipart(fields);
  const res = await t.app.inject({
    method,
    url: `${BASE}${url}`,
    payload: body.payload,
    headers: { ...body.headers, ...sara },
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};
const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers });
  return { status: res.statusCode, body: res.json() };
};
const list = async (query: string) => {
  const res = await get(`/001/2003?${query}&end=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as CarListItem[];
};

describe('an ad’s place', () => {
  it('is stored from the form and answered on the ad, in lists, the seller’s list and the saved list', async () => {
    const created = await send('POST', '/001/1001', adFields({ kommun: '1480', title: 'Göteborgsbil' }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await get(`/001/2001?carid=${id}`)).body).toMatchObject({ id, kommun: '1480' });
    expect((await list('searchterm=göteborgsbil')).map((c) => [c.id, c.kommun])).toEqual([[id, '1480']]);
    const mine = (await get('/001/2002?username=sara')).body as CarListItem[];
    expect(mine.find((c) => c.id === id)?.kommun).toBe('1480');
    await t.app.inject({ method: 'POST', url: `${BASE}/001/3001?carid=${id}`, headers: sara });
    const saved = (await get('/001/3002', sara)).body as CarListItem[];
    expect(saved.find((c) => c.id === id)?.kommun).toBe('1480');
  });

  it('is null for an ad posted with the specification’s fields alone', async () => {
    const created = await send('POST', '/001/1001', adFields());
    expect(created.status).toBe(201);
    expect((await get(`/001/2001?carid=${created.body.id}`)).body.kommun).toBeNull();
    const empty = await send('POST', '/001/1001', adFields({ kommun: '  ' }));
    expect((await get(`/001/2001?carid=${empty.body.id}`)).body.kommun).toBeNull();
  });

  it.each(['9999', '180', 'Göteborg', '01800', '14'])(
    'refuses the unknown kommun %j with a Swedish 400',
    async (kommun) => {
      const before = (await list('')).length;
      expect(await send('POST', '/001/1001', adFields({ kommun }))).toEqual({
        status: 400,
        body: { message: PLACE_MESSAGES.kommun, field: 'kommun' },
      });
      expect((await list('')).length).toBe(before);
    },
  );

  it('is changed by an edit, cleared by an empty value, and a bad one leaves the ad as it was', async () => {
    const id = (await send('POST', '/001/1001', adFields({ kommun: '0180' }))).body.id as number;
    expect((await send('PUT', `/cars/${id}`, editFields({ kommun: '2584' }))).status).toBe(204);
    expect((await get(`/001/2001?carid=${id}`)).body.kommun).toBe('2584');
    expect(await send('PUT', `/cars/${id}`, editFields({ kommun: '2599' }))).toEqual({
      status: 400,
      body: { message: PLACE_MESSAGES.kommun, field: 'kommun' },
    });
    expect((await get(`/001/2001?carid=${id}`)).body.kommun).toBe('2584');
    expect((await send('PUT', `/cars/${id}`, editFields({ kommun: '' }))).status).toBe(204);
    expect((await get(`/001/2001?carid=${id}`)).body.kommun).toBeNull();
  });
});

describe('the place filters', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));
    ids.gbgVolvo = await insertCar(t.db, {
      kommun: '1480',
      make: 'Volvo',
      price: 90_000,
      created: at(1),
      title: 'Platstest Volvo ett',
    });
    ids.gbgSaab = await insertCar(t.db, {
      kommun: '1480',
      make: 'Saab',
      model: '9-5',
      price: 40_000,
      created: at(2),
      title: 'Platstest Saab',
    });
    ids.boras = await insertCar(t.db, {
      kommun: '1490',
      make: 'Volvo',
      price: 120_000,
      created: at(3),
      title: 'Platstest Volvo två',
    });
    ids.malmo = await insertCar(t.db, {
      kommun: '1280',
      make: 'Volvo',
      price: 60_000,
      created: at(4),
      title: 'Platstest Volvo tre',
    });
    ids.none = await insertCar(t.db, { make: 'Volvo', price: 70_000, created: at(5), title: 'Platstest Volvo fyra' });
  });
  const ours = (cars: CarListItem[]) => cars.map((c) => c.id).filter((id) => Object.values(ids).includes(id));

  it('filters by county and by kommun, newest first by default', async () => {
    expect(ours(await list('lan=14'))).toEqual([ids.boras, ids.gbgSaab, ids.gbgVolvo]);
    expect(ours(await list('kommun=1480'))).toEqual([ids.gbgSaab, ids.gbgVolvo]);
    expect(ours(await list('lan=12'))).toEqual([ids.malmo]);
    expect(ours(await list('lan=14&kommun=1280'))).toEqual([]);
    expect(ours(await list('lan=&kommun='))).toEqual([ids.none, ids.malmo, ids.boras, ids.gbgSaab, ids.gbgVolvo]);
  });

  it('combines with the other filters, search and every order', async () => {
    expect(ours(await list('lan=14&make=volvo'))).toEqual([ids.boras, ids.gbgVolvo]);
    expect(ours(await list('lan=14&orderBy=price&order=asc'))).toEqual([ids.gbgSaab, ids.gbgVolvo, ids.boras]);
    expect(ours(await list('lan=14&priceMin=50000&orderBy=price&order=desc'))).toEqual([ids.boras, ids.gbgVolvo]);
    expect(ours(await list('kommun=1480&searchterm=platstest%20volvo'))).toEqual([ids.gbgVolvo]);
    expect(ours(await list('lan=14&searchterm=platstest&make=saab&model=9-5'))).toEqual([ids.gbgSaab]);
  });

  it.each([
    ['lan=99', 'lan', PLACE_MESSAGES.lan],
    ['lan=1', 'lan', PLACE_MESSAGES.lan],
    ['lan=Sk%C3%A5ne', 'lan', PLACE_MESSAGES.lan],
    ['kommun=9999', 'kommun', PLACE_MESSAGES.kommun],
    ['kommun=14', 'kommun', PLACE_MESSAGES.kommun],
    ['kommun=1480&kommun=1490', 'kommun', 'Ogiltig förfrågan'],
  ])('refuses %s with a Swedish 400 on its field', async (query, field, message) => {
    expect(await get(`/001/2003?${query}`)).toEqual({ status: 400, body: { message, field } });
  });
});
