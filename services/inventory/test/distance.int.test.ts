// Avstånd (issue 44, decision 058): the list filter by a kommun and a radius, each card's distance, the sort
// 'Närmast', the count and the bevakningar, all checked against distances computed here from the kommuner's seats.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryPaths as paths } from '@bilmarknaden/shared/api-paths';
import { DISTANCE_MESSAGES, DISTANCE_RADII } from '@bilmarknaden/shared/distance';
import { KOMMUN_POINTS } from '@bilmarknaden/shared/kommun-distance';
import type { WatchQuery } from '@bilmarknaden/shared/watches';
import {
  BASE,
  buildTestApp,
  insertCar,
  runQueuedJobs,
  saveWatches,
  watchHits,
  type TestApp,
} from './inventory-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

/** The great-circle distance in km, written out here (not the shared function) on a sphere of 6371 km. */
function expectedKm(from: string, to: string): number {
  const a = KOMMUN_POINTS.get(from)!;
  const b = KOMMUN_POINTS.get(to)!;
  const toRad = Math.PI / 180;
  const x = Math.sin(((b.lat - a.lat) * toRad) / 2) ** 2;
  const y = Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(((b.lng - a.lng) * toRad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(x + y));
}

// Stockholm, Solna, Södertälje, Uppsala, Västerås, Göteborg, Malmö, Lund, Kiruna, and an ad without a place.
const PLACES = ['0180', '0180', '0184', '0181', '0380', '1980', '1480', '1280', '1281', '2584', null] as const;
const MAKE = 'Lancia';

interface Ad {
  id: number;
  kommun: string | null;
  created: number;
  equipment: string[];
}
const ads: Ad[] = [];

interface Item {
  id: number;
  kommun: string | null;
  distanceKm?: number | null;
}

async function get(path: string, query: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}${path}?${new URLSearchParams(query)}` });
  return { status: res.statusCode, body: res.json() };
}
async function list(query: Record<string, string>): Promise<Item[]> {
  const res = await get(paths.listCars, { make: MAKE, end: '100', ...query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Item[];
}

/** The ads a query keeps, by this test's own distances: placed ones; with a radius, those within it. */
function expected(near: string, within?: number, equipment?: string): Ad[] {
  return ads.filter(
    (a) =>
      a.kommun !== null &&
      (within === undefined || expectedKm(near, a.kommun) <= within) &&
      (equipment === undefined || a.equipment.includes(equipment)),
  );
}
/** 'Närmast': nearest kommun first (equal distance: kommun code), newest first within one. */
const nearestOrder = (near: string, list: Ad[]) =>
  [...list].sort(
    (a, b) =>
      expectedKm(near, a.kommun!) - expectedKm(near, b.kommun!) ||
      a.kommun!.localeCompare(b.kommun!) ||
      b.created - a.created ||
      b.id - a.id,
  );
const ids = (list: { id: number }[]) => list.map((a) => a.id);
const sorted = (list: { id: number }[]) => ids(list).sort((a, b) => a - b);

beforeAll(async () => {
  let minute = 0;
  for (const [i, kommun] of PLACES.entries()) {
    // Two ads a place, one with a dragkrok; created in an order that differs from the places'.
    for (const equipment of [[], ['dragkrok']]) {
      minute = (minute + 7) % 53;
      const created = Date.UTC(2025, 0, 1) + (minute * 100 + i) * 60_000;
      const id = await insertCar(t.db, { make: MAKE, kommun, equipment, created: new Date(created) });
      ads.push({ id, kommun, created, equipment });
    }
  }
});

describe('the distance filter', () => {
  it.each(['0180', '0184', '1281', '2584'])(
    'from %s: each radius keeps the ads within it, with each card’s distance',
    async (near) => {
      for (const within of [undefined, ...DISTANCE_RADII]) {
        const query = { near, ...(within === undefined ? {} : { within: String(within) }) };
        const items = await list(query);
        const want = expected(near, within);
        expect({ query, ids: sorted(items) }).toEqual({ query, ids: sorted(want) });
        for (const item of items) expect(item.distanceKm).toBe(Math.round(expectedKm(near, item.kommun!)));
        const count = await get(paths.countCars, { make: MAKE, ...query });
        expect(count.body).toEqual({ count: want.length, more: false });
      }
    },
  );

  it('Solna is within 25 km of Stockholm and Göteborg is not', async () => {
    const kommuner = new Set((await list({ near: '0180', within: '25' })).map((i) => i.kommun));
    expect(kommuner.has('0184')).toBe(true);
    expect(kommuner.has('1480')).toBe(false);
  });

  it('without a kommun the list has no distances and keeps the ads without a place', async () => {
    const items = await list({});
    expect(items).toHaveLength(ads.length);
    for (const item of items) expect(item).not.toHaveProperty('distanceKm');
  });

  it('combines with the other filters (equipment)', async () => {
    const items = await list({ near: '1280', within: '50', equipment: 'dragkrok' });
    expect(sorted(items)).toEqual(sorted(expected('1280', 50, 'dragkrok')));
    expect(items.length).toBeGreaterThan(0);
  });
});

describe("the sort 'Närmast'", () => {
  it.each([
    ['0180', undefined],
    ['0180', '100'],
    ['1281', undefined],
    ['2584', undefined],
    ['1480', '200'],
  ])('from %s within %s: nearest kommun first, newest first within one', async (near, within) => {
    const query = { near, orderBy: 'distance', ...(within ? { within } : {}) };
    const items = await list(query);
    const want = nearestOrder(near, expected(near, within === undefined ? undefined : Number(within)));
    expect({ query, ids: ids(items) }).toEqual({ query, ids: ids(want) });
    for (const item of items) expect(item.distanceKm).toBe(Math.round(expectedKm(near, item.kommun!)));
    // `order` does not turn it around.
    expect(ids(await list({ ...query, order: 'asc' }))).toEqual(ids(want));
  });

  it('pages through the same order window by window', async () => {
    const whole = ids(await list({ near: '0380', orderBy: 'distance' }));
    const pages: number[] = [];
    for (let start = 0; start < whole.length; start += 3) {
      pages.push(
        ...ids(await list({ near: '0380', orderBy: 'distance', start: String(start), end: String(start + 3) })),
      );
    }
    expect(pages).toEqual(whole);
    expect(whole).toEqual(ids(nearestOrder('0380', expected('0380'))));
  });

  it('combines with the other filters', async () => {
    const items = await list({ near: '0180', orderBy: 'distance', equipment: 'dragkrok' });
    expect(ids(items)).toEqual(ids(nearestOrder('0180', expected('0180', undefined, 'dragkrok'))));
  });
});

describe('bad distance input: 400 naming the field, on the list, the count and a bevakning', () => {
  const watcher = () => t.auth('avstandsfel');
  it.each([
    [{ near: '9999' }, 'near', DISTANCE_MESSAGES.near],
    [{ near: 'Stockholm' }, 'near', DISTANCE_MESSAGES.near],
    [{ near: '0180', within: '30' }, 'within', DISTANCE_MESSAGES.within],
    [{ near: '0180', within: 'långt' }, 'within', DISTANCE_MESSAGES.within],
    [{ within: '25' }, 'near', DISTANCE_MESSAGES.withinWithoutNear],
  ])('%j', async (query, field, message) => {
    for (const path of [paths.listCars, paths.countCars]) {
      expect(await get(path, query)).toEqual({ status: 400, body: { message, field } });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}${paths.watches}`,
      headers: await watcher(),
      payload: { query },
    });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message, field } });
  });

  it("'Närmast' without a kommun", async () => {
    expect(await get(paths.listCars, { orderBy: 'distance' })).toEqual({
      status: 400,
      body: { message: DISTANCE_MESSAGES.orderWithoutNear, field: 'near' },
    });
  });
});

describe('a bevakning with a distance', () => {
  it('matches exactly the ads its list shows, and is named by the place and radius', async () => {
    const watcher = await t.auth('avstandsbevakare');
    const make = 'Lada';
    const queries: WatchQuery[] = [
      { make, near: '0180', within: '25' },
      { make, near: '0180', within: '100' },
      { make, near: '1280', within: '10' },
      { make, near: '1280' },
      { make, near: '2584', within: '200', equipment: 'dragkrok' },
    ];
    const watchIds = await saveWatches(t, watcher, queries);
    const created = await t.app.inject({
      method: 'GET',
      url: `${BASE}${paths.watches}/${watchIds[0]}`,
      headers: watcher,
    });
    expect(created.json()).toMatchObject({ name: 'Lada, Inom 25 km från Stockholm', query: queries[0] });

    // Ads after the bevakningar queue their matching; the one without a place gets Solna by an edit.
    const inserted: number[] = [];
    for (const kommun of PLACES) {
      inserted.push(await insertCar(t.db, { make, kommun, equipment: kommun === '2584' ? ['dragkrok'] : [] }));
    }
    await runQueuedJobs(t.db);
    await t.db.query(`UPDATE inventory.cars SET kommun = '0184' WHERE id = $1`, [inserted[10]]);
    await runQueuedJobs(t.db);

    for (const [i, query] of queries.entries()) {
      const listed = await get(paths.listCars, { ...(query as Record<string, string>), end: '100' });
      expect(listed.status).toBe(200);
      expect({ query, hits: await watchHits(t.db, watchIds[i]!) }).toEqual({ query, hits: sorted(listed.body) });
    }
    // The edit made a match: the ad's place was unknown, now Solna.
    const solna = await t.db.query('SELECT 1 FROM inventory.watch_hits WHERE watch_id = $1 AND car_id = $2', [
      watchIds[0],
      inserted[10],
    ]);
    expect(solna.rows).toHaveLength(1);
  });
});
