import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '@bilmarknaden/db/database';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { carListingsRepository } from '../src/repositories/car-listings-repository.ts';
import { parseListQuery } from '../src/services/search-query.ts';
import { BASE, buildTestApp, insertCar, type TestApp } from './inventory-helpers.ts';

let t: TestApp;
const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}/001/2003${query}` });
  return { status: res.statusCode, body: res.json() };
};
const ids = (body: CarListItem[]) => body.map((c) => c.id);

describe('GET /001/2003 window, sort and shape', () => {
  const created: number[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    // 25 active ads with distinct creation times and a few equal prices (tie-break by id).
    for (let i = 0; i < 25; i++) {
      created.push(
        await insertCar(t.db, {
          created: new Date(Date.UTC(2024, 0, 1, 0, i)),
          price: 1000 * (i % 5),
          year: 2000 + (i % 7),
          milage: 100 * i,
          hp: 300 - i,
          imageCount: i % 9,
        }),
      );
    }
    await insertCar(t.db, { status: 'pending', title: 'Väntande annons' });
  });
  afterAll(() => t.close());

  it('answers the list shape, newest first, 20 rows by default', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body).toHaveLength(20);
    expect(ids(body)).toEqual([...created].reverse().slice(0, 20));
    const first = body[0] as CarListItem;
    expect(Object.keys(first).sort()).toEqual(
      [
        'id',
        'title',
        'year',
        'transmission',
        'fuel',
        'price',
        'created',
        'milage',
        'hp',
        'make',
        'model',
        'imageCount',
        'imageVersion',
        'kommun',
        'dealer',
        'priceLabel',
        'priceCut',
      ].sort(),
    );
    expect(first.created).toBe(new Date(Date.UTC(2024, 0, 1, 0, 24)).toISOString());
    expect(first.imageCount).toBe(24 % 9);
    expect(first.imageVersion).toBe(1);
  });

  it('never shows pending ads', async () => {
    const { body } = await list('?start=0&end=100');
    expect(body).toHaveLength(25);
    expect(body.some((c: CarListItem) => c.title === 'Väntande annons')).toBe(false);
  });

  it('pages with start/end without overlap or gaps', async () => {
    const a = await list('?start=0&end=10');
    const b = await list('?start=10&end=20');
    const c = await list('?start=20&end=40');
    expect([...ids(a.body), ...ids(b.body), ...ids(c.body)]).toEqual([...created].reverse());
  });

  it.each(['price', 'year', 'milage', 'hp', 'created'] as const)(
    'sorts by %s in both directions with id as tie-break',
    async (orderBy) => {
      for (const order of ['asc', 'desc'] as const) {
        const whole = (await list(`?start=0&end=100&orderBy=${orderBy}&order=${order}`)).body as CarListItem[];
        const sign = order === 'asc' ? 1 : -1;
        const expected = [...whole].sort(
          (x, y) => sign * (x[orderBy] < y[orderBy] ? -1 : x[orderBy] > y[orderBy] ? 1 : x.id - y.id),
        );
        expect(ids(whole)).toEqual(ids(expected));
        // Windows of a sort with many ties still join up exactly.
        const pages = [];
        for (let s = 0; s < 25; s += 7)
          pages.push(...ids((await list(`?start=${s}&end=${s + 7}&orderBy=${orderBy}&order=${order}`)).body));
        expect(pages).toEqual(ids(whole));
      }
    },
  );

  it('accepts orderBy and order case-insensitively', async () => {
    expect((await list('?orderBy=PRICE&order=ASC')).status).toBe(200);
  });

  it.each([
    ['?start=0&end=100', 200],
    ['?start=900&end=1000', 200],
    ['?start=980&end=1000', 200],
    ['?start=981&end=1001', 400],
    ['?start=1000&end=1020', 400],
    ['?start=10001&end=10002', 400],
    ['?start=0&end=101', 400],
    ['?start=5&end=106', 400],
    ['?start=5&end=105', 200],
    ['?start=20&end=20', 400],
    ['?start=20&end=10', 400],
    ['?start=-1&end=10', 400],
    ['?start=abc', 400],
    ['?end=xyz', 400],
    ['?start=1.5&end=10', 400],
    ['?start=1e3&end=1010', 400],
    ['?start=0&end=1', 200],
    ['?start=150', 200],
    ['?orderBy=title', 400],
    ['?orderBy=id', 400],
    ['?order=sideways', 400],
    ['?priceMin=abc', 400],
    ['?priceMax=-5', 400],
    ['?yearMin=20x', 400],
    ['?yearMax=1.5', 400],
    ['?milageMax=lots', 400],
    ['?start=0&start=20', 400],
  ])('window and parameters %s → %i', async (query, status) => {
    const res = await list(query);
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(typeof res.body.message).toBe('string');
      expect(typeof res.body.field).toBe('string');
    }
  });

  it('names the parameter at fault in Swedish', async () => {
    const depth = { message: 'Listan visar högst 1 000 annonser. Begränsa sökningen för att se fler.', field: 'end' };
    expect((await list('?start=981&end=1001')).body).toEqual(depth);
    // The default window past the limit, and a window past it that is also too wide: the depth is what to fix.
    expect((await list('?start=990')).body).toEqual(depth);
    expect((await list('?start=0&end=5000')).body).toEqual(depth);
    expect((await list('?start=-1&end=10')).body).toEqual({
      message: 'Ange start som ett heltal från 0 till 999',
      field: 'start',
    });
    expect((await list('?start=0&end=101')).body).toEqual({
      message: 'Högst 100 annonser per förfrågan',
      field: 'end',
    });
    expect((await list('?start=20&end=20')).body).toEqual({
      message: 'Ange end som ett heltal större än start',
      field: 'end',
    });
    expect((await list('?orderBy=title')).body.field).toBe('orderBy');
    expect((await list('?order=x')).body.field).toBe('order');
    expect((await list('?priceMin=x')).body).toEqual({ message: 'Ange ett giltigt pris', field: 'priceMin' });
  });

  // The filter forms' rules (packages/shared/src/validation/filter-ranges.ts): the same bounds and messages.
  it.each([
    ['?yearMin=2011&yearMax=2010', 'yearMin', 'Från-året får inte vara efter till-året'],
    ['?priceMin=100001&priceMax=100000', 'priceMin', 'Från-priset får inte vara högre än till-priset'],
    ['?priceMin=200%20000&priceMax=1000&make=volvo', 'priceMin', 'Från-priset får inte vara högre än till-priset'],
    ['?priceMax=50000001', 'priceMax', 'Ange ett giltigt pris'],
    ['?yearMin=1884', 'yearMin', 'Ange ett giltigt årtal'],
    ['?yearMax=2027', 'yearMax', 'Ange ett giltigt årtal'],
    ['?milageMax=100001', 'milageMax', 'Ange ett giltigt miltal'],
  ])('refuses %s as the filter form does: 400 %s', async (query, field, message) => {
    expect(await list(query)).toEqual({ status: 400, body: { message, field } });
  });

  it('takes equal bounds, each limit of an ad, and bounds grouped in thousands', async () => {
    for (const query of [
      '?yearMin=2010&yearMax=2010&priceMin=0&priceMax=0',
      '?yearMin=1885&yearMax=2026&priceMax=50000000&milageMax=100000',
      '?priceMin=1%20000&priceMax=2%20000',
    ])
      expect((await list(query)).status, query).toBe(200);
  });

  it('start alone keeps a window of 20', async () => {
    const { body } = await list('?start=10');
    expect(ids(body)).toEqual([...created].reverse().slice(10, 25));
  });
});

describe('GET /001/2003 filters and search', () => {
  let ids_: Record<string, number>;
  beforeAll(async () => {
    t = await buildTestApp();
    ids_ = {
      xc60: await insertCar(t.db, {
        make: 'Volvo',
        model: 'XC60',
        title: 'Volvo XC60 T6 Inscription',
        description: 'Familjens trogna bil med dragkrok.',
        transmission: 'automat',
        fuel: 'el / hybrid',
        type: 'suv',
        color: 'vit',
        drivetrain: 'awd',
        price: 350_000,
        year: 2021,
        milage: 3_000,
      }),
      v70: await insertCar(t.db, {
        make: 'Volvo',
        model: 'V70',
        title: 'Klassisk kombi',
        description: 'Rostfri och pålitlig, nybesiktigad.',
        transmission: 'manuell',
        fuel: 'bensin',
        type: 'kombi',
        color: 'blå',
        drivetrain: 'fwd',
        price: 25_000,
        year: 2004,
        milage: 32_000,
      }),
      golf: await insertCar(t.db, {
        make: 'Volkswagen',
        model: 'Golf',
        title: 'VW Golf GTI',
        description: 'Snabb halvkombi med sportchassi. Säljes pga flytt.',
        transmission: 'manuell',
        fuel: 'bensin',
        type: 'halvkombi',
        color: 'röd',
        drivetrain: 'fwd',
        price: 90_000,
        year: 2012,
        milage: 15_000,
      }),
      tesla: await insertCar(t.db, {
        make: 'Tesla',
        model: 'Model 3',
        title: 'Tesla Model 3 Long Range',
        description: 'Elbilar är framtiden. Autopilot och panoramatak.',
        transmission: 'automat',
        fuel: 'el / hybrid',
        type: 'sedan',
        color: 'grå',
        drivetrain: 'awd',
        price: 299_000,
        year: 2020,
        milage: 8_000,
      }),
    };
    await insertCar(t.db, { status: 'pending', make: 'Volvo', model: 'XC60', title: 'Volvo XC60 pending' });
  });
  afterAll(() => t.close());

  const found = async (query: string) => {
    const res = await list(query);
    expect(res.status).toBe(200);
    return new Set(ids(res.body));
  };

  it.each([
    ['?make=volvo', ['xc60', 'v70']],
    ['?make=VOLVO&model=xc60', ['xc60']],
    ['?model=golf', ['golf']],
    ['?trans=Automat', ['xc60', 'tesla']],
    ['?trans=manuell&fuel=Bensin', ['v70', 'golf']],
    ['?fuel=El%20%2F%20hybrid', ['xc60', 'tesla']],
    ['?type=SUV', ['xc60']],
    ['?type=Halvkombi', ['golf']],
    ['?color=Röd', ['golf']],
    ['?color=BLÅ', ['v70']],
    ['?drivetrain=AWD', ['xc60', 'tesla']],
    ['?priceMin=90000', ['xc60', 'golf', 'tesla']],
    ['?priceMax=90000', ['v70', 'golf']],
    ['?priceMin=90000&priceMax=90000', ['golf']],
    ['?yearMin=2012&yearMax=2020', ['golf', 'tesla']],
    ['?milageMax=8000', ['xc60', 'tesla']],
    // Several option attributes at once: every one must match.
    ['?trans=automat&fuel=El%20%2F%20hybrid&type=suv&color=vit&drivetrain=awd', ['xc60']],
    ['?trans=manuell&fuel=El%20%2F%20hybrid&type=suv&color=vit&drivetrain=awd', []],
    ['?type=kombi&color=Blå', ['v70']],
    ['?fuel=bensin&type=halvkombi&make=volkswagen', ['golf']],
    ['?fuel=el%20%2F%20hybrid&drivetrain=awd&priceMax=300000', ['tesla']],
    ['?make=Saab', []],
    ['?color=lila', []],
    ['?make=', ['xc60', 'v70', 'golf', 'tesla']],
    ["?make=volvo'%20OR%20'1'%3D'1", []],
    ['?model=%25', []],
  ])('filter %s', async (query, expected) => {
    expect(await found(query)).toEqual(new Set(expected.map((k) => ids_[k])));
  });

  it.each([
    ['volv', ['xc60', 'v70']],
    ['VOLVO', ['xc60', 'v70']],
    ['xc6', ['xc60']],
    ['XC60', ['xc60']],
    ['golf gti', ['golf']],
    ['volvo kombi', ['v70']],
    ['volvo golf', []],
    ['bilar', ['xc60']], // stem 'bil' of the description 'bil'
    ['elbil', ['tesla']], // 'Elbilar' in the description, by stem
    ['dragkrokar', ['xc60']],
    ['rostfria', ['v70']],
    ['flytt', ['golf']],
    ['model 3', ['tesla']],
    ['  ', ['xc60', 'v70', 'golf', 'tesla']],
    ['100%', []],
    ['%', []],
    ["'", []],
    ['🚗', []],
    ['- _ -', []],
    ['a_b', []],
    ['pending', []],
  ])('search %j', async (term, expected) => {
    expect(await found(`?searchterm=${encodeURIComponent(term)}`)).toEqual(new Set(expected.map((k) => ids_[k])));
  });

  it('answers a value outside an option list with an empty list without reading the ads', async () => {
    const statements: string[] = [];
    const counted: Queryable = {
      query: (sql, params) => {
        statements.push(sql);
        return t.db.query(sql, params);
      },
      exec: (sql) => t.db.exec(sql),
    };
    const cars = carListingsRepository(counted);
    for (const filter of [{ color: 'lila' }, { fuel: 'el' }, { trans: 'cvt', make: 'volvo' }, { drivetrain: '4wd' }]) {
      expect(await cars.list(parseListQuery(filter))).toEqual([]);
    }
    expect(statements).toEqual([]);
    // Listed values, in any case, are still looked up.
    const listed = await cars.list(
      parseListQuery({ color: 'RÖD', type: 'Halvkombi', trans: 'Manuell', fuel: 'bensin' }),
    );
    expect(listed.map((c) => c.id)).toEqual([ids_.golf]);
    expect(statements).toHaveLength(1);
  });

  it('combines search, filters and sort', async () => {
    const res = await list(`?searchterm=volvo&fuel=bensin&orderBy=price&order=asc`);
    expect(ids(res.body)).toEqual([ids_.v70]);
  });

  it('refuses an overlong search term', async () => {
    const res = await list(`?searchterm=${'a'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('searchterm');
  });
});

describe('GET /001/2003 one word matched two ways', () => {
  let by: Record<string, number>;
  beforeAll(async () => {
    t = await buildTestApp();
    // 'dragkrok': by its stem in a description, as part of a longer word in a title, and both ways.
    by = {
      stem: await insertCar(t.db, { title: 'Familjebil', description: 'Säljes med dragkrok och vinterdäck.' }),
      part: await insertCar(t.db, { title: 'Släpvagnsdragkrokar ingår', description: 'Nybesiktigad.' }),
      both: await insertCar(t.db, { title: 'Med dragkrok', description: 'Avtagbar dragkrok.' }),
      neither: await insertCar(t.db, { title: 'Utan krok', description: 'Ingen släpvagn.' }),
    };
  });
  afterAll(() => t.close());

  it.each(['desc', 'asc'])('lists each match once, in order, and window by window (%s)', async (order) => {
    const newestFirst = [by.both, by.part, by.stem];
    const expected = order === 'desc' ? newestFirst : [...newestFirst].reverse();
    expect(ids((await list(`?searchterm=dragkrok&order=${order}`)).body)).toEqual(expected);
    const windows: number[] = [];
    for (const start of [0, 1, 2, 3]) {
      windows.push(...ids((await list(`?searchterm=dragkrok&order=${order}&start=${start}&end=${start + 1}`)).body));
    }
    expect(windows).toEqual(expected);
  });
});

describe('GET /001/2003 snapshot (asOf and X-List-As-Of)', () => {
  const older: number[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    // 30 ads made visible one minute apart in 2024, oldest first.
    for (let i = 0; i < 30; i++) older.push(await insertCar(t.db, { created: new Date(Date.UTC(2024, 5, 1, 0, i)) }));
  });
  afterAll(() => t.close());

  const get = (query: string) => t.app.inject({ method: 'GET', url: `${BASE}/001/2003${query}` });

  it('names its snapshot in X-List-As-Of (one millisecond before now when asOf is absent)', async () => {
    const before = Date.now();
    const res = await get('');
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    const asOf = res.headers['x-list-as-of'];
    expect(typeof asOf).toBe('string');
    expect(new Date(asOf as string).toISOString()).toBe(asOf);
    expect(Date.parse(asOf as string)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(asOf as string)).toBeLessThan(after);
  });

  it('asOf leaves out the ads made visible after it, and answers it back', async () => {
    // The 10th ad's time: it and the 9 before it are in the snapshot.
    const asOf = new Date(Date.UTC(2024, 5, 1, 0, 9)).toISOString();
    const res = await get(`?start=0&end=100&asOf=${encodeURIComponent(asOf)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-list-as-of']).toBe(asOf);
    expect(ids(res.json())).toEqual(older.slice(0, 10).reverse());
    // An offset form of the same moment is the same snapshot.
    const offset = await get(`?start=0&end=100&asOf=${encodeURIComponent('2024-06-01T02:09:00+02:00')}`);
    expect(offset.headers['x-list-as-of']).toBe(asOf);
    expect(ids(offset.json())).toEqual(older.slice(0, 10).reverse());
  });

  it('clamps a future asOf to one millisecond before now', async () => {
    const res = await get(`?asOf=${encodeURIComponent('2999-01-01T00:00:00Z')}`);
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.headers['x-list-as-of'] as string)).toBeLessThan(Date.now());
  });

  // PGlite's clock counts whole milliseconds: an ad published right after a listing's first window, in the same
  // millisecond, has that very `created`. The listing began before it, so its later windows must leave it out.
  it('leaves an ad made visible in the request’s own millisecond to the next listing', async () => {
    const cars = carListingsRepository(t.db);
    const newest = older.at(-1)!;
    const created = Date.UTC(2024, 5, 1, 0, 29);
    expect((await cars.list(parseListQuery({}, new Date(created)))).map((c) => c.id)).not.toContain(newest);
    expect((await cars.list(parseListQuery({}, new Date(created + 1))))[0]!.id).toBe(newest);
  });

  it.each(['yesterday', '2024-13-01T00:00:00Z', '2024-06-01', '1717200000000', '2024-06-01T00:00:00', '%00'])(
    'refuses a malformed asOf %j',
    async (asOf) => {
      const res = await get(`?asOf=${encodeURIComponent(asOf)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Ogiltig tidpunkt för listan', field: 'asOf' });
    },
  );

  it('windows sent with the first answer’s X-List-As-Of never repeat an ad while ads are published', async () => {
    const first = await get('?start=0&end=7');
    const asOf = first.headers['x-list-as-of'] as string;
    const seen = ids(first.json());
    const published: number[] = [];
    // The ads below are published after the snapshot: from its next millisecond on.
    while (Date.now() <= Date.parse(asOf)) await new Promise((resolve) => setTimeout(resolve, 1));
    for (let start = 7; ; start += 7) {
      // Two ads become visible (created = now) between two windows: without a snapshot they push the list down.
      published.push(await insertCar(t.db, { created: new Date() }), await insertCar(t.db, { created: new Date() }));
      const res = await get(`?start=${start}&end=${start + 7}&asOf=${encodeURIComponent(asOf)}`);
      expect(res.headers['x-list-as-of']).toBe(asOf);
      const page = ids(res.json());
      seen.push(...page);
      if (page.length < 7) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...older].reverse());
    expect(seen.some((id) => published.includes(id))).toBe(false);
    // A new listing (no asOf) takes a new snapshot and shows them at the top.
    expect(ids((await get('?start=0&end=2')).json())).toEqual(published.slice(-2).reverse());
  });
});

describe('GET /001/2003 deep windows of filtered lists', () => {
  // 1,500 ads with every attribute varied, paged through in every order. Pending ads and one made visible after
  // the snapshot are left out as in any window.
  interface Ad {
    id: number;
    price: number;
    year: number;
    milage: number;
    hp: number;
    created: number;
    transmission: string;
    fuel: string;
    type: string;
    color: string;
    drivetrain: string;
  }
  let ads: Ad[];
  const asOf = '2024-03-01T00:00:00.000Z';
  beforeAll(async () => {
    t = await buildTestApp();
    await t.db.exec(`
      INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type,
        transmission, drivetrain, fuel, username, status, created)
      SELECT 'Bil ' || g, 'Beskrivning', (g * 7919) % 400000, 'Volvo', 'V70', 1995 + (g * 13) % 30,
        (g * 31) % 30000, 60 + (g * 17) % 300,
        (ARRAY['vit','grå','svart','brun','blå','röd','gul'])[1 + g % 7],
        (ARRAY['sedan','kombi','halvkombi','suv'])[1 + (g / 7) % 4],
        (ARRAY['manuell','automat'])[1 + (g / 3) % 2], (ARRAY['fwd','awd','rwd'])[1 + (g / 5) % 3],
        (ARRAY['bensin','diesel','el / hybrid'])[1 + (g / 2) % 3], 'seller',
        CASE WHEN g % 23 = 0 THEN 'pending' ELSE 'active' END,
        timestamptz '2024-01-01' + (g % 150) * interval '1 hour'
      FROM generate_series(1, 1500) g;
      INSERT INTO inventory.cars (title, description, price, make, model, year, milage, hp, color, type,
        transmission, drivetrain, fuel, username, status, created)
      VALUES ('Efter ögonblicksbilden', 'Ny', 1000, 'Volvo', 'V70', 2020, 10, 100, 'vit', 'sedan', 'manuell', 'fwd',
        'bensin', 'seller', 'active', timestamptz '2024-03-02');
    `);
    const r = await t.db.query<Omit<Ad, 'created'> & { created: Date }>(
      `SELECT id, price, year, milage, hp, created, transmission, fuel, type, color, drivetrain
       FROM inventory.cars WHERE status = 'active' AND created <= $1`,
      [asOf],
    );
    ads = r.rows.map((row) => ({ ...row, created: new Date(row.created).getTime() }));
  });
  afterAll(() => t.close());

  const byFilter: Record<string, (ad: Ad) => boolean> = {
    'fuel=diesel': (ad) => ad.fuel === 'diesel',
    'color=svart&trans=automat': (ad) => ad.color === 'svart' && ad.transmission === 'automat',
    'drivetrain=awd&priceMax=300000': (ad) => ad.drivetrain === 'awd' && ad.price <= 300_000,
    'type=kombi&yearMin=2000&milageMax=25000': (ad) => ad.type === 'kombi' && ad.year >= 2000 && ad.milage <= 25_000,
    'fuel=bensin&priceMin=50000&yearMax=2020': (ad) => ad.fuel === 'bensin' && ad.price >= 50_000 && ad.year <= 2020,
  };
  const cases = Object.keys(byFilter).flatMap((filter) =>
    (['created', 'price', 'year', 'milage', 'hp'] as const).flatMap((orderBy) =>
      (['asc', 'desc'] as const).map((order) => [filter, orderBy, order] as const),
    ),
  );

  it.each(cases)('%s by %s %s: every window from start 0 on as the ads say', async (filter, orderBy, order) => {
    const sign = order === 'asc' ? 1 : -1;
    const expected = ads
      .filter(byFilter[filter]!)
      .sort((a, b) => sign * (a[orderBy] - b[orderBy] || a.id - b.id))
      .map((ad) => ad.id);
    expect(expected.length).toBeGreaterThan(100);
    const seen: number[] = [];
    for (let start = 0; start <= expected.length; start += 100) {
      const res = await list(
        `?${filter}&orderBy=${orderBy}&order=${order}&start=${start}&end=${start + 100}&asOf=${encodeURIComponent(asOf)}`,
      );
      expect(res.status).toBe(200);
      seen.push(...ids(res.body));
    }
    expect(seen).toEqual(expected);
  });
});
