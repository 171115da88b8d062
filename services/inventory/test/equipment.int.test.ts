// Utrustning (issue 44, decision 053): an ad's equipment from the form (create, edit), the list filter that asks for
// all chosen items, the bevakningar matching by the same condition, the register's prefill and the database's check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryPaths as paths } from '@bilmarknaden/shared/api-paths';
import { EQUIPMENT_CODES, EQUIPMENT_MESSAGES } from '@bilmarknaden/shared/equipment';
import type { WatchQuery } from '@bilmarknaden/shared/watches';
import {
  adFields,
  BASE,
  buildTestApp,
  countRows,
  editFields,
  expectSameAds,
  insertCar,
  insertRegisterCar,
  multipart,
  runQueuedJobs,
  saveWatches,
  type TestApp,
} from './inventory-helpers.ts';

let t: TestApp;
let seller: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await t.auth('utrustad');
}, 60_000);
afterAll(() => t?.close());

const send = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string | readonly string[]>) => {
  const body = multipart(fields);
  const res = await t.app.inject({
    method,
    url: `${BASE}${url}`,
    payload: body.payload,
    headers: { ...body.headers, ...seller },
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};
const equipmentOf = async (id: number): Promise<string[]> =>
  (await t.app.inject({ method: 'GET', url: `${BASE}/001/2001?carid=${id}` })).json().equipment;

describe('an ad’s equipment', () => {
  it('is stored from repeated fields (or commas), once each, in the list’s order, and shown on the ad', async () => {
    const res = await send('POST', '/001/1001', {
      ...adFields(),
      equipment: ['apple-carplay', 'Dragkrok', 'motorvarmare,dragkrok', ''],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await equipmentOf(res.body.id)).toEqual(['motorvarmare', 'dragkrok', 'apple-carplay']);
    // Sent without the field: none.
    const plain = await send('POST', '/001/1001', adFields());
    expect(await equipmentOf(plain.body.id)).toEqual([]);
  });

  it('an unknown code: 400 naming the field, with the shared Swedish message, nothing stored', async () => {
    const before = await countRows(t.db, 'inventory.cars');
    const res = await send('POST', '/001/1001', { ...adFields(), equipment: ['dragkrok', 'raketmotor'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: EQUIPMENT_MESSAGES.unknown, field: 'equipment' });
    expect(await countRows(t.db, 'inventory.cars')).toBe(before);
  });

  it('an edit keeps it when the field is absent, changes it when sent, and clears it with an empty one', async () => {
    const created = await send('POST', '/001/1001', { ...adFields(), equipment: ['dragkrok', 'stolsvarme'] });
    const id = created.body.id as number;
    expect((await send('PUT', paths.carById(id), editFields({ title: 'Ny rubrik här' }))).status).toBe(204);
    expect(await equipmentOf(id)).toEqual(['stolsvarme', 'dragkrok']);
    expect((await send('PUT', paths.carById(id), { ...editFields(), equipment: ['backkamera'] })).status).toBe(204);
    expect(await equipmentOf(id)).toEqual(['backkamera']);
    const refused = await send('PUT', paths.carById(id), { ...editFields(), equipment: ['okänd'] });
    expect(refused).toEqual({ status: 400, body: { message: EQUIPMENT_MESSAGES.unknown, field: 'equipment' } });
    expect(await equipmentOf(id)).toEqual(['backkamera']);
    expect((await send('PUT', paths.carById(id), { ...editFields(), equipment: '' })).status).toBe(204);
    expect(await equipmentOf(id)).toEqual([]);
  });

  it('the register’s equipment comes with its facts (it prefills the form) and is kept with the ad', async () => {
    const number = await insertRegisterCar(t.db, { equipment: ['dragkrok', 'motorvarmare'] });
    const res = await t.app.inject({ method: 'GET', url: `${BASE}${paths.vehicleRegister(number)}`, headers: seller });
    expect(res.json().equipment).toEqual(['dragkrok', 'motorvarmare']);
    const created = await send('POST', '/001/1001', {
      ...adFields({ registrationNumber: number }),
      equipment: ['motorvarmare', 'dragkrok'],
    });
    expect(created.status).toBe(201);
    const ad = (await t.app.inject({ method: 'GET', url: `${BASE}/001/2001?carid=${created.body.id}` })).json();
    expect(ad.vehicleFacts.equipment).toEqual(['dragkrok', 'motorvarmare']);
  });

  it('the database holds only the list’s codes: its list is the shared one', async () => {
    const r = await t.db.query<{ codes: string[] }>('SELECT inventory.equipment_codes() AS codes');
    expect(r.rows[0]!.codes).toEqual(EQUIPMENT_CODES);
    const id = await insertCar(t.db, { equipment: EQUIPMENT_CODES });
    await expect(
      t.db.query(`UPDATE inventory.cars SET equipment = '{dragkrok,raketmotor}' WHERE id = $1`, [id]),
    ).rejects.toThrow(/cars_equipment_known/);
  });
});

describe('the equipment filter', () => {
  const list = async (query: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}${paths.listCars}?${new URLSearchParams({ ...query, end: '100' })}`,
    });
    return res;
  };

  it('lists the ads with ALL chosen items; the count, the list and a bevakning agree', async () => {
    const make = 'Subaru';
    const has = (equipment: string[], extra: object = {}) =>
      insertCar(t.db, { make, model: 'Outback', equipment, ...extra });
    const queries: WatchQuery[] = [
      { make, equipment: 'dragkrok' },
      { make, equipment: 'dragkrok,motorvarmare' },
      { make, equipment: 'motorvarmare,dragkrok,fyrhjulsdrift' },
      { make, equipment: 'apple-carplay' },
      { make, equipment: 'dragkrok', fuel: 'diesel' },
      { make, equipment: 'isofix' },
    ];
    const watchIds = await saveWatches(t, await t.auth('utrustningsbevakare'), queries);
    // The ads, inserted after the bevakningar, queue their matching (a trigger); one gains its items by an edit.
    const ids = {
      all: await has(['motorvarmare', 'dragkrok', 'fyrhjulsdrift']),
      two: await has(['motorvarmare', 'dragkrok']),
      one: await has(['dragkrok']),
      none: await has([]),
      other: await has(['apple-carplay', 'motorvarmare']),
      diesel: await has([], { fuel: 'bensin' }),
    };
    await runQueuedJobs(t.db);
    await t.db.query(`UPDATE inventory.cars SET equipment = '{motorvarmare,dragkrok}' WHERE id = $1`, [ids.diesel]);
    await runQueuedJobs(t.db);
    const expected = [
      [ids.all, ids.two, ids.one, ids.diesel],
      [ids.all, ids.two, ids.diesel],
      [ids.all],
      [ids.other],
      [ids.all, ids.two, ids.one],
      [],
    ];
    for (const [i, query] of queries.entries()) await expectSameAds(t, query, watchIds[i]!, expected[i]!);
  });

  it('is kept by a bevakning as the list reads it, and named by its items', async () => {
    const watcher = await t.auth('utrustningsnamn');
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}${paths.watches}`,
      headers: watcher,
      payload: { query: { equipment: ' Dragkrok, motorvarmare ' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Motorvärmare, Dragkrok',
      query: { equipment: 'motorvarmare,dragkrok' },
    });
  });

  it('an unknown code: 400 naming the parameter, on the list, the count and a bevakning', async () => {
    const body = { message: EQUIPMENT_MESSAGES.unknown, field: 'equipment' };
    const res = await list({ equipment: 'dragkrok,raketmotor' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
    const count = await t.app.inject({ method: 'GET', url: `${BASE}${paths.countCars}?equipment=raketmotor` });
    expect(count.statusCode).toBe(400);
    expect(count.json()).toEqual(body);
    const watch = await t.app.inject({
      method: 'POST',
      url: `${BASE}${paths.watches}`,
      headers: await t.auth('utrustningsfel'),
      payload: { query: { equipment: 'raketmotor' } },
    });
    expect(watch.statusCode).toBe(400);
    expect(watch.json()).toEqual(body);
  });
});
