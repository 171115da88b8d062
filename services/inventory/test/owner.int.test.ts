import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesRoutes } from '../src/files/files-routes.ts';
import { removeIncompleteAds } from '../src/services/startup-cleanup.ts';
import {
  adFields,
  editFields,
  averageColour,
  BASE,
  buildTestApp,
  countRows,
  multipart,
  photo,
  type FilePart,
  type TestApp,
} from './inventory-helpers.ts';
import { createPhotoStorage, holdWrites, versionFiles, type TestPhotoStorage } from './photo-storage.ts';

let t: TestApp;
let storage: TestPhotoStorage;
let disposeStorage: () => Promise<void>;
let files: FastifyInstance;
let owner: Record<string, string>;
let stranger: Record<string, string>;
beforeAll(async () => {
  ({ storage, dispose: disposeStorage } = await createPhotoStorage());
  t = await buildTestApp({ storage });
  files = Fastify();
  await files.register(filesRoutes, { prefix: '/files', db: t.db, storage });
  owner = await t.auth('olle');
  stranger = await t.auth('mallory');
});
afterAll(async () => {
  await files.close();
  await t.close();
  await disposeStorage();
});

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
const filesOf = (id: number) => storage.keysOf(id);
const fileCopy = async (id: number) =>
  new Map(await Promise.all((await filesOf(id)).map(async (k) => [k, await storage.read(k)] as const)));
const removalRecords = () => countRows(t.db, 'inventory.file_removals');
/** Photo n as the web app fetches it: the specification's name, `?v=` the ad's imageVersion. */
const fetchPhoto = (name: string) => files.inject({ method: 'GET', url: `/files/${name}` });
const colourAt = async (name: string) => averageColour((await fetchPhoto(name)).rawPayload);
const photos = (colours: { r: number; g: number; b: number }[]) =>
  Promise.all(colours.map(async (c) => ({ data: await photo('jpeg', c) })));

async function createAd(colours = [RED, GREEN, BLUE]): Promise<number> {
  const res = await send('POST', '/001/1001', adFields(), await photos(colours));
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('PUT /cars/{id}', () => {
  it('updates the fields and keeps the photos when none are sent', async () => {
    const id = await createAd();
    const before = await fileCopy(id);
    const res = await send('PUT', `/cars/${id}`, editFields({ title: 'Ny rubrik här', price: '99000', model: 'xc90' }));
    expect(res.status).toBe(204);
    expect(await detail(id)).toMatchObject({
      title: 'Ny rubrik här',
      price: 99000,
      model: 'XC90',
      imageCount: 3,
      imageVersion: 1,
      user: 'olle',
    });
    expect(await fileCopy(id)).toEqual(before);
  });

  it('replaces all photos: the spec URL serves the new ones, the old files are removed', async () => {
    const id = await createAd();
    expect(await filesOf(id)).toEqual(versionFiles(id, 1, 3));
    const res = await send('PUT', `/cars/${id}`, editFields(), [
      { data: await photo('png', BLUE) },
      { data: await photo('webp', RED) },
    ]);
    expect(res.status).toBe(204);
    const { imageCount, imageVersion } = await detail(id);
    expect(imageCount).toBe(2);
    expect(imageVersion).toBeGreaterThan(1);
    expect(await filesOf(id)).toEqual(versionFiles(id, imageVersion, 2));
    expect(await removalRecords()).toBe(0);
    const first = await fetchPhoto(`${id}-1.jpeg?v=${imageVersion}`);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await averageColour(first.rawPayload)).b).toBeGreaterThan(150);
    expect((await colourAt(`${id}-2-card.jpeg?v=${imageVersion}`)).r).toBeGreaterThan(150);
    // An old page's URL gets the current photo, revalidated every time; photo 3 is gone.
    const stale = await fetchPhoto(`${id}-1.jpeg`);
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect((await averageColour(stale.rawPayload)).b).toBeGreaterThan(150);
    expect((await fetchPhoto(`${id}-3.jpeg`)).statusCode).toBe(404);
  });

  it('ignores user, id and created in the form', async () => {
    const id = await createAd([]);
    const res = await send('PUT', `/cars/${id}`, {
      ...editFields(),
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
    const stored = await fileCopy(id);
    const row = await detail(id);
    const res = await send(
      'PUT',
      `/cars/${id}`,
      editFields({ title: 'Kapad annons' }),
      [{ data: await photo('jpeg') }],
      stranger,
    );
    expect(res).toEqual({ status: 403, body: { message: 'Du får bara ändra dina egna annonser' } });
    expect(await detail(id)).toEqual(row);
    expect(await fileCopy(id)).toEqual(stored);
  });

  it('unknown or malformed id → 404, no token → 401, invalid field → 400 and nothing changes', async () => {
    expect(await send('PUT', '/cars/99999999', adFields())).toEqual({
      status: 404,
      body: { message: 'Annonsen finns inte' },
    });
    expect((await send('PUT', '/cars/abc', adFields())).status).toBe(404);
    const id = await createAd();
    const row = await detail(id);
    expect((await send('PUT', `/cars/${id}`, editFields(), [], {})).status).toBe(401);
    expect(await send('PUT', `/cars/${id}`, editFields({ year: '1800' }))).toEqual({
      status: 400,
      body: { message: 'Ange ett giltigt årtal', field: 'year' },
    });
    expect(await send('PUT', `/cars/${id}`, editFields({ title: 'Volvo \u202E09 V70' }))).toEqual({
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
    const stored = await fileCopy(id);
    const row = await detail(id);
    const res = await send('PUT', `/cars/${id}`, editFields({ title: 'Ändrad' }), [
      { data: await photo('jpeg') },
      { data: Buffer.from('inte en bild'), filename: 'x.jpg' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('images');
    expect(await detail(id)).toEqual(row);
    expect(await fileCopy(id)).toEqual(stored);
  });

  it('a storage failure while replacing keeps the old photos served and leaves no new file', async () => {
    const id = await createAd();
    const stored = await fileCopy(id);
    const row = await detail(id);
    storage.failPutOn = (key) => key.endsWith('-4.jpeg');
    try {
      const res = await send(
        'PUT',
        `/cars/${id}`,
        editFields({ title: 'Ändrad' }),
        await photos([BLUE, BLUE, BLUE, BLUE]),
      );
      expect(res.status).toBe(500);
    } finally {
      storage.failPutOn = null;
    }
    expect(await detail(id)).toEqual(row);
    expect(await fileCopy(id)).toEqual(stored);
    expect(await removalRecords()).toBe(0);
    expect((await colourAt(`${id}-1.jpeg`)).r).toBeGreaterThan(150);
  });

  for (const [order, first] of [
    ['the later one switches first', 1],
    ['the earlier one switches first', 0],
  ] as const) {
    it(`two concurrent replacements (${order}) end with the later one's photos and no other file`, async () => {
      const id = await createAd();
      const hold = holdWrites(storage);
      try {
        const earlier = send('PUT', `/cars/${id}`, editFields({ title: 'Röda bilder' }), await photos([RED, RED]));
        await hold.waitFor(1);
        const later = send('PUT', `/cars/${id}`, editFields({ title: 'Blå bilder' }), await photos([BLUE]));
        await hold.waitFor(2);
        const requests = [earlier, later];
        hold.release(hold.arrived[first]!);
        expect((await requests[first]!).status).toBe(204);
        hold.release(hold.arrived[1 - first]!);
        expect((await requests[1 - first]!).status).toBe(204);
      } finally {
        hold.stop();
      }
      const later = hold.arrived[1]!;
      expect(await detail(id)).toMatchObject({ title: 'Blå bilder', imageCount: 1, imageVersion: later });
      expect(await filesOf(id)).toEqual(versionFiles(id, later, 1));
      expect(await removalRecords()).toBe(0);
      expect((await colourAt(`${id}-1.jpeg?v=${later}`)).b).toBeGreaterThan(150);
    });
  }

  it('a replacement whose ad is removed meanwhile answers 404 and leaves no file', async () => {
    const id = await createAd();
    const hold = holdWrites(storage);
    try {
      const put = send('PUT', `/cars/${id}`, editFields(), await photos([BLUE]));
      await hold.waitFor(1);
      expect((await remove(id)).status).toBe(204);
      hold.release(hold.arrived[0]!);
      expect(await put).toEqual({ status: 404, body: { message: 'Annonsen finns inte' } });
    } finally {
      hold.stop();
    }
    expect(await filesOf(id)).toEqual([]);
    expect(await removalRecords()).toBe(0);
  });

  it('a replacement whose version a start-up cleanup took fails and keeps the old photos', async () => {
    const id = await createAd();
    const stored = await fileCopy(id);
    const hold = holdWrites(storage);
    try {
      const put = send('PUT', `/cars/${id}`, editFields(), await photos([BLUE]));
      await hold.waitFor(1);
      // Another replica starting after the grace period: the write is taken for one a crash left.
      await removeIncompleteAds(t.db, storage, { pendingGraceMs: 0 });
      hold.release(hold.arrived[0]!);
      expect((await put).status).toBe(500);
    } finally {
      hold.stop();
    }
    expect(await fileCopy(id)).toEqual(stored);
    expect(await detail(id)).toMatchObject({ imageCount: 3, imageVersion: 1 });
    expect(await removalRecords()).toBe(0);
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
    expect(await filesOf(id)).toEqual([]);
    expect(await filesOf(keep)).toHaveLength(6);
    expect(await removalRecords()).toBe(0);
    expect((await fetchPhoto(`${id}-1.jpeg`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/001/2001?carid=${id}` })).statusCode).toBe(404);
    expect((await remove(id)).status).toBe(404);
  });

  it('another user → 403 and nothing removed; no token → 401; unknown → 404', async () => {
    const id = await createAd();
    const stored = await fileCopy(id);
    expect(await remove(id, stranger)).toEqual({
      status: 403,
      body: { message: 'Du får bara ändra dina egna annonser' },
    });
    expect(await remove(id, {})).toEqual({ status: 401, body: { message: 'Du måste logga in' } });
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [id])).toBe(1);
    expect(await fileCopy(id)).toEqual(stored);
    expect((await remove(99999999)).status).toBe(404);
    expect((await remove('1;DROP')).status).toBe(404);
  });
});
