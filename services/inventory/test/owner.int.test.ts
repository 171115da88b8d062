import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adFields,
  averageColour,
  BASE,
  buildTestApp,
  countRows,
  multipart,
  photo,
  type FilePart,
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

const RED = { r: 220, g: 20, b: 20 };
const GREEN = { r: 20, g: 200, b: 20 };
const BLUE = { r: 20, g: 20, b: 220 };

const send = async (
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  files: FilePart[] = [],
  auth: Record<string, string> = owner,
) => {
  const body = multipart(fields, files);
  const res = await t.app.inject({
    method,
    url: `${BASE}${url}`,
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};
const remove = async (id: number | string, auth: Record<string, string> = owner) => {
  const res = await t.app.inject({ method: 'DELETE', url: `${BASE}/cars/${id}`, headers: auth });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};
const detail = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `${BASE}/001/2001?carid=${id}` })).json();
const filesOf = (id: number) => t.storage.keys().filter((k) => k.startsWith(`${id}-`));
const fileCopy = (id: number) => new Map(filesOf(id).map((k) => [k, t.storage.files.get(k)!.data]));

async function createAd(colours = [RED, GREEN, BLUE]): Promise<number> {
  const files = await Promise.all(colours.map(async (c) => ({ data: await photo('jpeg', c) })));
  const res = await send('POST', '/001/1001', adFields(), files);
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('PUT /cars/{id}', () => {
  it('updates the fields and keeps the photos when none are sent', async () => {
    const id = await createAd();
    const before = fileCopy(id);
    const res = await send('PUT', `/cars/${id}`, adFields({ title: 'Ny rubrik här', price: '99000', model: 'xc90' }));
    expect(res.status).toBe(204);
    expect(await detail(id)).toMatchObject({
      title: 'Ny rubrik här',
      price: 99000,
      model: 'XC90',
      imageCount: 3,
      imageVersion: 1,
      user: 'olle',
    });
    expect(fileCopy(id)).toEqual(before);
  });

  it('replaces all photos when photos are sent: fewer photos remove the surplus, the version grows', async () => {
    const id = await createAd();
    const res = await send('PUT', `/cars/${id}`, adFields(), [
      { data: await photo('png', BLUE) },
      { data: await photo('webp', RED) },
    ]);
    expect(res.status).toBe(204);
    expect(await detail(id)).toMatchObject({ imageCount: 2, imageVersion: 2 });
    expect(filesOf(id)).toEqual([`${id}-1-card.jpeg`, `${id}-1.jpeg`, `${id}-2-card.jpeg`, `${id}-2.jpeg`]);
    expect((await averageColour(t.storage.files.get(`${id}-1.jpeg`)!.data)).b).toBeGreaterThan(150);
    expect((await averageColour(t.storage.files.get(`${id}-2.jpeg`)!.data)).r).toBeGreaterThan(150);
  });

  it('ignores user, id and created in the form', async () => {
    const id = await createAd([]);
    const res = await send('PUT', `/cars/${id}`, {
      ...adFields(),
      user: 'mallory',
      username: 'mallory',
      id: '1',
      created: '2000-01-01',
    });
    expect(res.status).toBe(204);
    expect(await detail(id)).toMatchObject({ id, user: 'olle' });
  });

  it('another user gets 403 and nothing changes', async () => {
    const id = await createAd();
    const files = fileCopy(id);
    const row = await detail(id);
    const res = await send(
      'PUT',
      `/cars/${id}`,
      adFields({ title: 'Kapad annons' }),
      [{ data: await photo('jpeg') }],
      stranger,
    );
    expect(res).toEqual({ status: 403, body: { message: 'Du får bara ändra dina egna annonser' } });
    expect(await detail(id)).toEqual(row);
    expect(fileCopy(id)).toEqual(files);
  });

  it('unknown or malformed id → 404, no token → 401, invalid field → 400 and nothing changes', async () => {
    expect(await send('PUT', '/cars/99999999', adFields())).toEqual({
      status: 404,
      body: { message: 'Annonsen finns inte' },
    });
    expect((await send('PUT', '/cars/abc', adFields())).status).toBe(404);
    const id = await createAd();
    const row = await detail(id);
    expect((await send('PUT', `/cars/${id}`, adFields(), [], {})).status).toBe(401);
    expect(await send('PUT', `/cars/${id}`, adFields({ year: '1800' }))).toEqual({
      status: 400,
      body: { message: 'Ange ett giltigt årtal', field: 'year' },
    });
    expect(await send('PUT', `/cars/${id}`, adFields({ title: 'Volvo \u202E09 V70' }))).toEqual({
      status: 400,
      body: {
        message: 'Din rubrik innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)',
        field: 'title',
      },
    });
    expect(await detail(id)).toEqual(row);
  });

  it('a refused photo keeps the old photos and fields', async () => {
    const id = await createAd();
    const files = fileCopy(id);
    const row = await detail(id);
    const res = await send('PUT', `/cars/${id}`, adFields({ title: 'Ändrad' }), [
      { data: await photo('jpeg') },
      { data: Buffer.from('inte en bild'), filename: 'x.jpg' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('images');
    expect(await detail(id)).toEqual(row);
    expect(fileCopy(id)).toEqual(files);
  });

  it('a storage failure while replacing puts the old photos back', async () => {
    const id = await createAd();
    const files = fileCopy(id);
    const row = await detail(id);
    t.storage.failPutOn = (key) => key === `${id}-4.jpeg`;
    try {
      const colours = [BLUE, BLUE, BLUE, BLUE];
      const res = await send(
        'PUT',
        `/cars/${id}`,
        adFields({ title: 'Ändrad' }),
        await Promise.all(colours.map(async (c) => ({ data: await photo('jpeg', c) }))),
      );
      expect(res.status).toBe(500);
    } finally {
      t.storage.failPutOn = null;
    }
    expect(await detail(id)).toEqual(row);
    expect(fileCopy(id)).toEqual(files);
  });
});

describe('DELETE /cars/{id}', () => {
  it('removes the row, its saved entries and its photo files', async () => {
    const id = await createAd();
    const keep = await createAd();
    await t.app.inject({ method: 'POST', url: `${BASE}/001/3001?carid=${id}`, headers: stranger });
    expect(await countRows(t.db, 'inventory.saved_cars', 'car_id = $1', [id])).toBe(1);
    expect(await remove(id)).toEqual({ status: 204, body: null });
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [id])).toBe(0);
    expect(await countRows(t.db, 'inventory.saved_cars', 'car_id = $1', [id])).toBe(0);
    expect(filesOf(id)).toEqual([]);
    expect(filesOf(keep)).toHaveLength(6);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/001/2001?carid=${id}` })).statusCode).toBe(404);
    expect((await remove(id)).status).toBe(404);
  });

  it('another user → 403 and nothing removed; no token → 401; unknown → 404', async () => {
    const id = await createAd();
    const files = fileCopy(id);
    expect(await remove(id, stranger)).toEqual({
      status: 403,
      body: { message: 'Du får bara ändra dina egna annonser' },
    });
    expect(await remove(id, {})).toEqual({ status: 401, body: { message: 'Du måste logga in' } });
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [id])).toBe(1);
    expect(fileCopy(id)).toEqual(files);
    expect((await remove(99999999)).status).toBe(404);
    expect((await remove('1;DROP')).status).toBe(404);
  });
});
