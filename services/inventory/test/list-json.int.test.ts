import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { LIST_COLUMNS, toListItem, type ListRow } from '../src/repositories/car-list-sql.ts';
import { iso } from '../src/repositories/json-sql.ts';
import { BASE, buildTestApp, insertCar, type TestApp } from './inventory-helpers.ts';

// The three lists answer JSON that the database writes (decision 022). Each answer must be what the routes sent
// before, when they read the rows and mapped them with toListItem: the same items, text and times included.
let t: TestApp;
const ids: number[] = [];

// Text that JSON must escape or carry as it is: quotes, a backslash, a tab and a line break, a control
// character, Swedish letters, an emoji and markup.
const titles = [
  'Säljes: "Volvo" 240 med C:\\-tangent',
  'Tab\there och ny\nrad',
  'Klocka \u0007 och \u001f',
  'Åäö ÅÄÖ é ü – 🚗💨',
  '</script><b>fet</b> & ’citat’',
];

/** The rows of `ids` read and mapped as the routes did before decision 022, in the order of `ids`. */
async function mapped(idsInOrder: number[]): Promise<CarListItem[]> {
  const r = await t.db.query<ListRow>(`SELECT ${LIST_COLUMNS} FROM inventory.cars c WHERE c.id = ANY($1)`, [
    idsInOrder,
  ]);
  // These ads have too few comparables for a judgement and no price changes (decision 038).
  const byId = new Map(r.rows.map((row) => [row.id, { ...toListItem(row), priceLabel: null, priceCut: null }]));
  return idsInOrder.map((id) => byId.get(id)!);
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return { text: res.body, items: res.json<CarListItem[]>() };
}

beforeAll(async () => {
  t = await buildTestApp();
  for (const [i, title] of titles.entries()) {
    ids.push(
      await insertCar(t.db, {
        title,
        make: i === 3 ? 'Citroën' : 'Volvo',
        model: i === 3 ? 'C5 Aircross' : 'V70',
        username: 'textsäljaren',
        price: 1_000 * (i + 1),
        year: 1990 + i,
        milage: 0,
        hp: 70 + i,
        imageCount: i,
        imageVersion: 1 + i,
      }),
    );
  }
  // Times with microseconds: the answer keeps the milliseconds and cuts the rest, as toISOString does.
  const times = [
    '2025-03-04 05:06:07.999999+00',
    '2025-03-04 05:06:07.000001+00',
    '2025-03-04 05:06:08.5+00',
    '2024-12-31 23:59:59.9999+01',
    '2025-06-30 22:00:00+00',
  ];
  for (const [i, time] of times.entries()) {
    await t.db.query('UPDATE inventory.cars SET created = $2 WHERE id = $1', [ids[i], time]);
  }
  await t.db.query(
    `INSERT INTO inventory.saved_cars (username, car_id, saved_at)
     SELECT 'sparare', id, '2025-07-01'::timestamptz + n * interval '1 minute'
     FROM unnest($1::int[]) WITH ORDINALITY AS s(id, n)`,
    [ids],
  );
});
afterAll(() => t.close());

// Newest first by `created` above: ids[4], ids[2], ids[0], ids[1], ids[3].
const newestFirst = () => [ids[4]!, ids[2]!, ids[0]!, ids[1]!, ids[3]!];

describe('lists written as JSON by the database', () => {
  it('the list answers the mapped rows, text and times as they are', async () => {
    const { items } = await get('/001/2003');
    expect(items).toEqual(await mapped(newestFirst()));
    expect(items.map((c) => c.title)).toEqual(newestFirst().map((id) => titles[ids.indexOf(id)]));
    expect(items.map((c) => c.created)).toEqual([
      '2025-06-30T22:00:00.000Z',
      '2025-03-04T05:06:08.500Z',
      '2025-03-04T05:06:07.999Z',
      '2025-03-04T05:06:07.000Z',
      '2024-12-31T22:59:59.999Z',
    ]);
  });

  it('keeps the asked order and window, in every order', async () => {
    const byPrice = await get('/001/2003?orderBy=price&order=desc&start=1&end=4');
    expect(byPrice.items.map((c) => c.id)).toEqual([ids[3], ids[2], ids[1]]);
    const byHp = await get('/001/2003?orderBy=hp&order=asc');
    expect(byHp.items).toEqual(await mapped(ids));
  });

  it("the seller's list and the saved list answer the mapped rows", async () => {
    const seller = await get('/001/2002?username=TEXTSÄLJAREN');
    expect(seller.items).toEqual(await mapped(newestFirst()));
    const saved = await get('/001/3002', await t.auth('sparare'));
    // The saved list alone adds soldAt (issue 28): null while for sale; priceDrop (issue 26): null, not lowered; and
    // removed (hidden by moderators, #27).
    expect(saved.items).toEqual(
      (await mapped([...ids].reverse())).map((c) => ({ ...c, soldAt: null, priceDrop: null, removed: false })),
    );
  });

  it("the saved list writes a sold ad's soldAt as toISOString does", async () => {
    const soldAt = '2025-03-04 05:06:07.999999+00';
    await t.db.query(`UPDATE inventory.cars SET status = 'sold', sold_at = $2 WHERE id = $1`, [ids[1], soldAt]);
    try {
      const saved = await get('/001/3002', await t.auth('sparare'));
      const row = await t.db.query<{ sold_at: Date | string }>('SELECT sold_at FROM inventory.cars WHERE id = $1', [
        ids[1],
      ]);
      expect(saved.items.map((c) => c.id)).toEqual([...ids].reverse());
      expect(saved.items.find((c) => c.id === ids[1])).toMatchObject({
        soldAt: iso(row.rows[0]!.sold_at),
      });
      expect(iso(row.rows[0]!.sold_at)).toBe('2025-03-04T05:06:07.999Z');
    } finally {
      await t.db.query(`UPDATE inventory.cars SET status = 'active', sold_at = NULL WHERE id = $1`, [ids[1]]);
    }
  });

  it('an empty list is an empty JSON array', async () => {
    expect((await get('/001/2003?make=trabant')).text).toBe('[]');
    expect((await get('/001/2003?color=rosa')).text).toBe('[]');
    expect((await get('/001/2002?username=ingen')).text).toBe('[]');
    expect((await get('/001/3002', await t.auth('tom'))).text).toBe('[]');
  });
});
