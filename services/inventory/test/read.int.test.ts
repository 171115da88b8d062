import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car, CarListItem, Make, Model } from '@bilmarknaden/shared/api-types';
import { BASE, buildTestApp, insertCar, type TestApp } from './inventory-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}${url}` });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

describe('GET /001/2001 one ad', () => {
  it('answers every read field', async () => {
    const created = new Date(Date.UTC(2024, 4, 17, 12, 30));
    const id = await insertCar(t.db, {
      title: 'Saab 9-3 Aero',
      description: 'Turbo och skinnklädsel.',
      price: 45_000,
      make: 'Saab',
      model: '9-3',
      year: 2007,
      milage: 21_000,
      hp: 210,
      color: 'grå',
      type: 'sedan',
      transmission: 'manuell',
      drivetrain: 'fwd',
      fuel: 'bensin',
      username: 'kalle',
      created,
      imageCount: 3,
      imageVersion: 2,
    });
    const { status, body } = await get(`/001/2001?carid=${id}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      id,
      title: 'Saab 9-3 Aero',
      description: 'Turbo och skinnklädsel.',
      price: 45_000,
      make: 'Saab',
      model: '9-3',
      year: 2007,
      milage: 21_000,
      hp: 210,
      color: 'grå',
      type: 'sedan',
      transmission: 'manuell',
      drivetrain: 'fwd',
      fuel: 'bensin',
      user: 'kalle',
      equipment: [],
      created: created.toISOString(),
      imageCount: 3,
      imageVersion: 2,
      kommun: null,
      dealer: null,
      soldAt: null,
      priceHistory: [{ date: created.toISOString(), price: 45_000 }],
      priceCut: null,
      priceJudgement: { comparables: 0, low: null, high: null, label: null },
      // Published before registration numbers were asked for.
      registrationNumber: null,
      vehicleFacts: null,
      milageWarning: null,
    } satisfies Car);
  });

  it.each([
    '',
    '?carid=',
    '?carid=abc',
    '?carid=-1',
    '?carid=0',
    '?carid=1.5',
    '?carid=99999999',
    '?carid=99999999999',
    '?carid=1%20OR%201=1',
  ])('malformed or unknown %s → 404', async (query) => {
    const { status, body } = await get(`/001/2001${query}`);
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Annonsen finns inte' });
  });

  it('a pending ad is not found', async () => {
    const id = await insertCar(t.db, { status: 'pending' });
    expect((await get(`/001/2001?carid=${id}`)).status).toBe(404);
  });
});

describe('GET /001/2002 a seller’s ads', () => {
  it('answers the seller’s visible ads newest first, case-insensitive username', async () => {
    const a = await insertCar(t.db, { username: 'Lisa', created: new Date('2024-02-01T10:00:00Z') });
    const b = await insertCar(t.db, { username: 'Lisa', created: new Date('2024-03-01T10:00:00Z') });
    await insertCar(t.db, { username: 'Lisa', status: 'pending' });
    await insertCar(t.db, { username: 'other' });
    const { status, body } = await get('/001/2002?username=lisa');
    expect(status).toBe(200);
    expect(body.map((c: CarListItem) => c.id)).toEqual([b, a]);
    expect(body[0]).not.toHaveProperty('user');
    expect((await get('/001/2002?username=Lisa&start=1&end=2')).body.map((c: CarListItem) => c.id)).toEqual([a]);
  });

  it('names its snapshot; later windows with it neither repeat nor skip an ad the seller publishes meanwhile', async () => {
    const ids: number[] = [];
    for (let day = 1; day <= 5; day++)
      ids.push(await insertCar(t.db, { username: 'handlaren', created: new Date(`2024-05-0${day}T10:00:00Z`) }));
    const first = await get('/001/2002?username=handlaren&start=0&end=2');
    const asOf = first.headers['x-list-as-of'] as string;
    expect(new Date(asOf).toISOString()).toBe(asOf);
    expect(first.body.map((c: CarListItem) => c.id)).toEqual([ids[4], ids[3]]);

    await new Promise((resolve) => setTimeout(resolve, 5)); // a later millisecond than the snapshot
    await insertCar(t.db, { username: 'handlaren', created: new Date() }); // published while the reader pages
    const next = await get(`/001/2002?username=handlaren&start=2&end=4&asOf=${encodeURIComponent(asOf)}`);
    expect(next.headers['x-list-as-of']).toBe(asOf);
    expect(next.body.map((c: CarListItem) => c.id)).toEqual([ids[2], ids[1]]);
    // A new listing (no asOf) shows the new ad first.
    expect((await get('/001/2002?username=handlaren&start=0&end=1')).body[0].id).not.toBe(ids[4]);
    expect((await get('/001/2002?username=handlaren&asOf=igår')).status).toBe(400);
  });

  it('an unknown user has no ads; a missing username is 400', async () => {
    expect(await get('/001/2002?username=nobody')).toMatchObject({ status: 200, body: [] });
    expect(await get('/001/2002')).toMatchObject({ status: 400, body: { field: 'username' } });
    expect((await get('/001/2002?username=lisa&start=0&end=500')).status).toBe(400);
  });
});

describe('GET /002/2001 and /002/2002 makes and models', () => {
  it('answers at least 30 makes of the Swedish market, alphabetical', async () => {
    const { status, body, headers } = await get('/002/2001');
    expect(status).toBe(200);
    expect(headers['cache-control']).toContain('max-age');
    const names = (body as Make[]).map((m) => m.name);
    expect(names.length).toBeGreaterThanOrEqual(30);
    for (const make of [
      'Volvo',
      'Volkswagen',
      'Toyota',
      'BMW',
      'Audi',
      'Mercedes-Benz',
      'Kia',
      'Ford',
      'Skoda',
      'Tesla',
      'Peugeot',
      'Renault',
      'Hyundai',
      'Nissan',
      'Opel',
      'Seat',
      'Cupra',
      'Polestar',
      'Mazda',
      'Honda',
      'Citroën',
      'Dacia',
      'Fiat',
      'Jeep',
      'Land Rover',
      'Lexus',
      'Mini',
      'Mitsubishi',
      'Porsche',
      'Subaru',
      'Suzuki',
      'Saab',
      'MG',
      'BYD',
      'Jaguar',
    ]) {
      expect(names).toContain(make);
    }
    const collator = new Intl.Collator('sv-SE', { numeric: true, sensitivity: 'base' });
    expect(names).toEqual([...names].sort(collator.compare));
    expect(body[0]).toEqual({ id: expect.any(Number), name: names[0] });
  });

  it('answers a make’s models alphabetically, case-insensitive make', async () => {
    const { status, body } = await get('/002/2002?make=VOLVO');
    expect(status).toBe(200);
    const names = (body as Model[]).map((m) => m.name);
    for (const m of ['240', '740', '850', 'V40', 'V60', 'V70', 'V90', 'XC40', 'XC60', 'XC90', 'EX30']) {
      expect(names).toContain(m);
    }
    expect(names.indexOf('240')).toBeLessThan(names.indexOf('740'));
    expect(names.indexOf('V40')).toBeLessThan(names.indexOf('V60'));
    expect(names.indexOf('XC40')).toBeLessThan(names.indexOf('XC90'));
    expect((await get('/002/2002?make=citro%C3%8Bn')).body.map((m: Model) => m.name)).toContain('Berlingo');
  });

  it('unknown make → 404, missing make → 400', async () => {
    expect(await get('/002/2002?make=Trabant')).toMatchObject({ status: 404, body: { message: 'Märket finns inte' } });
    expect(await get('/002/2002')).toMatchObject({ status: 400, body: { field: 'make' } });
    expect(await get('/002/2002?make=')).toMatchObject({ status: 400, body: { field: 'make' } });
  });
});

describe('service basics', () => {
  it('unknown paths answer 404 in Swedish', async () => {
    expect(await get('/003/1234')).toMatchObject({ status: 404, body: { message: 'Sidan finns inte' } });
  });

  it('serves the OpenAPI document and its UI', async () => {
    const json = await get('/docs/json');
    expect(json.status).toBe(200);
    const paths = Object.keys(json.body.paths);
    for (const p of [
      '/api/inventory/001/1001',
      '/api/inventory/001/2003',
      '/api/inventory/001/2001',
      '/api/inventory/001/2002',
      '/api/inventory/002/2001',
      '/api/inventory/002/2002',
      '/api/inventory/001/3001',
      '/api/inventory/001/3002',
      '/api/inventory/cars/{id}',
      '/api/inventory/feedback',
    ]) {
      expect(paths).toContain(p);
    }
    const ui = await t.app.inject({ method: 'GET', url: `${BASE}/docs` });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('gives every route a summary in English, as identity does', async () => {
    const { body } = await get('/docs/json');
    const paths = body.paths as Record<string, Record<string, { summary?: string }>>;
    const summaries = Object.values(paths).flatMap((ops) => Object.values(ops).map((op) => op.summary));
    expect(summaries.length).toBeGreaterThanOrEqual(14);
    for (const summary of summaries) expect(summary).toMatch(/^[A-Z][\x20-\x7e]+$/);
  });

  it("the OpenAPI document gives each list range's limits, the new ad's", async () => {
    const { body } = await get('/docs/json');
    const params = body.paths['/api/inventory/001/2003'].get.parameters as { name: string; description: string }[];
    const described = (name: string) => params.find((p) => p.name === name)?.description;
    expect(described('priceMax')).toContain('0…50000000');
    expect(described('yearMin')).toContain('1885…2026');
    expect(described('milageMax')).toContain('0…100000');
  });

  it('a database failure is a 500 without internals', async () => {
    const broken = await buildTestApp();
    await broken.db.exec('ALTER TABLE inventory.cars RENAME TO cars_gone');
    const res = await broken.app.inject({ method: 'GET', url: `${BASE}/001/2003` });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Något gick fel. Försök igen senare.' });
    await broken.close();
  });
});
