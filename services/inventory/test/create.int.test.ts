import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@bilmarknaden/shared/constants';
import { IMAGE_MESSAGES } from '@bilmarknaden/shared/validation/images';
import { processImage } from '../src/images/image-pipeline.ts';
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
import { createPhotoStorage, versionFiles, type TestPhotoStorage } from './photo-storage.ts';

let t: TestApp;
let storage: TestPhotoStorage;
let disposeStorage: () => Promise<void>;
let headers: Record<string, string>;
beforeAll(async () => {
  ({ storage, dispose: disposeStorage } = await createPhotoStorage());
  t = await buildTestApp({ storage });
  headers = await t.auth('sara');
});
afterAll(async () => {
  await t.close();
  await disposeStorage();
});
/** A stored photo of a new ad (version 1). */
const stored = async (id: number, n: number) => (await storage.read(`${id}-1-${n}.jpeg`))!;

const post = async (fields: Record<string, string>, files: FilePart[] = [], auth = headers) => {
  const body = multipart(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/001/1001`,
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
  return { status: res.statusCode, body: res.json() };
};

/** Nothing at all was stored by a refused upload. */
async function expectNothingStored(before: { rows: number; files: number }) {
  expect(await countRows(t.db, 'inventory.cars')).toBe(before.rows);
  expect((await storage.keys()).length).toBe(before.files);
}
const snapshot = async () => ({ rows: await countRows(t.db, 'inventory.cars'), files: (await storage.keys()).length });

const TITLE_CHARACTERS = 'Din rubrik innehåller otillåtna tecken (tabbar, radbrytningar eller osynliga styrtecken)';
const DESCRIPTION_CHARACTERS = 'Din beskrivning innehåller otillåtna osynliga styrtecken';

const RED = { r: 220, g: 20, b: 20 };
const GREEN = { r: 20, g: 200, b: 20 };
const BLUE = { r: 20, g: 20, b: 220 };

describe('POST /001/1001 photos', () => {
  it('stores JPEG, PNG and WebP as photos 1…n of version 1 in upload order, with card files', async () => {
    const res = await post(adFields(), [
      { data: await photo('jpeg', RED), filename: 'a.jpg', contentType: 'image/jpeg' },
      { data: await photo('png', GREEN), filename: 'b.png', contentType: 'image/png' },
      { data: await photo('webp', BLUE), filename: 'c.webp', contentType: 'image/webp' },
    ]);
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    expect(res.body).toEqual({ id });
    expect(await storage.keysOf(id)).toEqual(versionFiles(id, 1, 3));
    const colours = await Promise.all([1, 2, 3].map(async (n) => averageColour(await stored(id, n))));
    expect(colours[0]!.r).toBeGreaterThan(150);
    expect(colours[1]!.g).toBeGreaterThan(150);
    expect(colours[2]!.b).toBeGreaterThan(150);
    for (const key of await storage.keysOf(id)) {
      expect((await storage.read(key))!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    const detail = await t.app.inject({ method: 'GET', url: `${BASE}/001/2001?carid=${id}` });
    expect(detail.json()).toMatchObject({ id, imageCount: 3, imageVersion: 1, user: 'sara' });
  });

  it('accepts an ad without photos', async () => {
    const none = await post(adFields());
    expect(none.status).toBe(201);
    const detail = await t.app.inject({ method: 'GET', url: `${BASE}/001/2001?carid=${none.body.id}` });
    expect(detail.json().imageCount).toBe(0);
  });

  it('refuses photo fields other than images[0] … images[7], storing nothing', async () => {
    const before = await snapshot();
    const jpeg = await photo('jpeg');
    for (const field of ['images', 'images[]', 'images[8]', 'images[99]', 'images[01]', 'images[0]x', 'Images[0]']) {
      const res = await post(adFields(), [{ data: jpeg }, { field, data: jpeg }]);
      expect(res, field).toEqual({ status: 400, body: { message: IMAGE_MESSAGES.fieldName, field: 'images' } });
    }
    expect(IMAGE_MESSAGES.fieldName).toBe('Bilder ska skickas i fälten images[0] till images[7]');
    await expectNothingStored(before);
  });

  it('takes the upload order, not the index in the field name', async () => {
    const res = await post(adFields(), [
      { field: 'images[5]', data: await photo('jpeg', BLUE) },
      { field: 'images[0]', data: await photo('jpeg', RED) },
    ]);
    expect(res.status).toBe(201);
    expect((await averageColour(await stored(res.body.id, 1))).b).toBeGreaterThan(150);
    expect((await averageColour(await stored(res.body.id, 2))).r).toBeGreaterThan(150);
  });

  it('accepts 8 photos', async () => {
    const jpeg = await photo('jpeg');
    const res = await post(
      adFields(),
      Array.from({ length: 8 }, () => ({ data: jpeg })),
    );
    expect(res.status).toBe(201);
    expect(await storage.keysOf(res.body.id)).toHaveLength(16);
  });

  it('refuses a 9th photo, storing nothing', async () => {
    const before = await snapshot();
    const jpeg = await photo('jpeg');
    const res = await post(
      adFields(),
      Array.from({ length: 9 }, () => ({ data: jpeg })),
    );
    expect(res).toEqual({ status: 400, body: { message: IMAGE_MESSAGES.tooMany, field: 'images' } });
    await expectNothingStored(before);
  });

  it('refuses a text file named .jpg, storing nothing', async () => {
    const before = await snapshot();
    const res = await post(adFields(), [
      { data: await photo('jpeg') },
      { data: Buffer.from('Det här är ingen bild.\n'), filename: 'bil.jpg', contentType: 'image/jpeg' },
    ]);
    expect(res).toEqual({ status: 400, body: { message: IMAGE_MESSAGES.notAnImage, field: 'images' } });
    await expectNothingStored(before);
  });

  it('refuses an SVG with a script and a truncated JPEG, storing nothing', async () => {
    const before = await snapshot();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await post(adFields(), [{ data: svg, filename: 'x.svg', contentType: 'image/svg+xml' }])).status).toBe(400);
    const jpeg = await photo('jpeg', RED, { width: 400, height: 300 });
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect((await post(adFields(), [{ data: truncated }])).body.field).toBe('images');
    await expectNothingStored(before);
  });

  it('refuses a file over 10 MB with "Max 10 MB", storing nothing', async () => {
    const before = await snapshot();
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1, 0);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await post(adFields(), [{ data: await photo('jpeg') }, { data: big }]);
    expect([400, 413]).toContain(res.status);
    expect(res.body).toEqual({ message: 'Max 10 MB', field: 'images' });
    await expectNothingStored(before);
  });

  it('refuses a file in an unknown field and a non-multipart body', async () => {
    const before = await snapshot();
    const res = await post(adFields(), [{ field: 'avatar', data: await photo('jpeg') }]);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('images');
    const json = await t.app.inject({
      method: 'POST',
      url: `${BASE}/001/1001`,
      payload: adFields(),
      headers,
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Annonsen ska skickas som multipart/form-data');
    await expectNothingStored(before);
  });

  it('needs a token: 401 and nothing read or stored', async () => {
    const before = await snapshot();
    const res = await post(adFields(), [{ data: await photo('jpeg') }], {});
    expect(res).toEqual({ status: 401, body: { message: 'Du måste logga in' } });
    const bad = await post(adFields(), [], { authorization: 'Bearer x.y.z' });
    expect(bad.status).toBe(401);
    await expectNothingStored(before);
  });

  it('a storage failure stores nothing (no row, no file) and answers 500', async () => {
    const before = await snapshot();
    storage.failPutOn = (key) => key.endsWith('-2-card.jpeg');
    try {
      const res = await post(adFields(), [{ data: await photo('jpeg') }, { data: await photo('png') }]);
      expect(res).toEqual({ status: 500, body: { message: 'Något gick fel. Försök igen senare.' } });
    } finally {
      storage.failPutOn = null;
    }
    await expectNothingStored(before);
  });

  it('a failure while processing a later photo stores nothing', async () => {
    const failing = await buildTestApp({
      processImage: async () => {
        throw new Error('sharp crashed');
      },
    });
    try {
      const body = multipart(adFields(), [{ data: await photo('jpeg') }]);
      const res = await failing.app.inject({
        method: 'POST',
        url: `${BASE}/001/1001`,
        payload: body.payload,
        headers: { ...body.headers, ...(await failing.auth('sara')) },
      });
      expect(res.statusCode).toBe(500);
      expect(await countRows(failing.db, 'inventory.cars')).toBe(0);
      expect(failing.storage.files.size).toBe(0);
    } finally {
      await failing.close();
    }
  });

  it('closing the app waits for an ad whose photos are still being processed, and the ad is complete', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const processing = new Promise<void>((resolve) => (started = resolve));
    const slow = await buildTestApp({
      processImage: async (input) => {
        started();
        await gate;
        return processImage(input);
      },
    });
    try {
      const body = multipart(adFields(), [{ data: await photo('jpeg') }]);
      // inject does not hold a socket: like a client that hung up, nothing in the HTTP server waits for it.
      const response = slow.app.inject({
        method: 'POST',
        url: `${BASE}/001/1001`,
        payload: body.payload,
        headers: { ...body.headers, ...(await slow.auth('sara')) },
      });
      await processing;
      let closed = false;
      const closing = slow.app.close().then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(closed).toBe(false);
      release();
      await closing;
      const res = await response;
      expect(res.statusCode).toBe(201);
      const id = res.json<{ id: number }>().id;
      const row = await slow.db.query<{ status: string; image_count: number }>(
        'SELECT status, image_count FROM inventory.cars WHERE id = $1',
        [id],
      );
      expect(row.rows).toEqual([{ status: 'active', image_count: 1 }]);
      expect(slow.storage.keys()).toEqual(versionFiles(id, 1, 1));
    } finally {
      release();
      await slow.close();
    }
  });
});

describe('POST /001/1001 fields', () => {
  it('ignores id, user, created, role and status from the client (mass assignment)', async () => {
    const res = await post({
      ...adFields(),
      id: '1',
      user: 'mallory',
      username: 'mallory',
      created: '2001-01-01T00:00:00Z',
      role: '3',
      status: 'pending',
      image_count: '8',
      imageCount: '8',
      imageVersion: '99',
    });
    expect(res.status).toBe(201);
    const row = await t.db.query<{
      username: string;
      created: Date;
      status: string;
      image_count: number;
      image_version: number;
    }>('SELECT username, created, status, image_count, image_version FROM inventory.cars WHERE id = $1', [res.body.id]);
    const car = row.rows[0]!;
    expect(car.username).toBe('sara');
    expect(car.status).toBe('active');
    expect(car.image_count).toBe(0);
    expect(car.image_version).toBe(1);
    expect(Math.abs(new Date(car.created).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('stores make and model with the catalogue spelling and option values in stored form', async () => {
    const res = await post(
      adFields({
        make: 'volvo',
        model: 'xc60',
        transmission: 'AUTOMAT',
        fuel: 'El / Hybrid',
        color: 'Grå',
        type: 'SUV',
        drivetrain: 'AWD',
      }),
    );
    expect(res.status).toBe(201);
    const car = (await t.app.inject({ method: 'GET', url: `${BASE}/001/2001?carid=${res.body.id}` })).json();
    expect(car).toMatchObject({
      make: 'Volvo',
      model: 'XC60',
      transmission: 'automat',
      fuel: 'el / hybrid',
      color: 'grå',
      type: 'suv',
      drivetrain: 'awd',
      price: 129900,
      year: 2016,
    });
  });

  it.each([
    [{ title: 'abc' }, 'title', 'Din rubrik är för kort'],
    [{ title: 'x'.repeat(61) }, 'title', 'Din rubrik är för lång'],
    [{ title: '   abc   ' }, 'title', 'Din rubrik är för kort'],
    [{ description: 'abc' }, 'description', 'Din beskrivning är för kort'],
    [{ description: 'å'.repeat(2501) }, 'description', 'Din beskrivning är för lång'],
    // Control and bidi characters (shared/src/validation/hidden-characters.ts): U+202E would show '09' as '90'.
    [{ title: 'Volvo V70 \u202E09' }, 'title', TITLE_CHARACTERS],
    [{ title: 'Volvo\u2067 V70' }, 'title', TITLE_CHARACTERS],
    [{ title: 'Volvo\u200E V70' }, 'title', TITLE_CHARACTERS],
    [{ title: 'Volvo\tV70' }, 'title', TITLE_CHARACTERS],
    [{ title: 'Volvo\r\nV70' }, 'title', TITLE_CHARACTERS],
    [{ title: 'Volvo\u0085V70' }, 'title', TITLE_CHARACTERS],
    [{ description: 'Bra bil \u202Dpris 5000' }, 'description', DESCRIPTION_CHARACTERS],
    [{ description: 'Bra bil\u001B[2J' }, 'description', DESCRIPTION_CHARACTERS],
    [{ price: '-1' }, 'price', 'Ange ett giltigt pris'],
    [{ price: '50000001' }, 'price', 'Ange ett giltigt pris'],
    [{ price: '12.5' }, 'price', 'Ange ett giltigt pris'],
    [{ price: 'gratis' }, 'price', 'Ange ett giltigt pris'],
    [{ make: '' }, 'make', 'Ange ett märke'],
    [{ make: 'Trabant', model: '601' }, 'make', 'Ange ett märke'],
    [{ model: '' }, 'model', 'Ange en modell'],
    [{ model: 'Golf' }, 'model', 'Ange en modell'],
    [{ year: '1884' }, 'year', 'Ange ett giltigt årtal'],
    [{ year: '2027' }, 'year', 'Ange ett giltigt årtal'],
    [{ milage: '-1' }, 'milage', 'Ange ett giltigt miltal'],
    [{ milage: '100001' }, 'milage', 'Ange ett giltigt miltal'],
    [{ hp: '3001' }, 'hp', 'Ange ett giltigt hästkraftsantal'],
    [{ hp: '' }, 'hp', 'Ange ett giltigt hästkraftsantal'],
    [{ color: '' }, 'color', 'Ange en färg'],
    [{ color: 'lila' }, 'color', 'Ange en färg'],
    [{ type: 'stridsvagn' }, 'type', 'Ange en biltyp'],
    [{ transmission: 'cvt' }, 'transmission', 'Ange växellåda'],
    [{ drivetrain: '4wd' }, 'drivetrain', 'Ange drivlina'],
    [{ fuel: 'vätgas' }, 'fuel', 'Ange bränsle'],
    [{ fuel: '' }, 'fuel', 'Ange bränsle'],
    // The last failing rule wins.
    [{ title: 'a', fuel: '' }, 'fuel', 'Ange bränsle'],
    [{ title: 'a', price: '-5' }, 'price', 'Ange ett giltigt pris'],
    [{ make: 'Trabant', year: '1700' }, 'year', 'Ange ett giltigt årtal'],
    [{ make: 'Trabant', model: 'Golf' }, 'make', 'Ange ett märke'],
    [{ model: 'Golf', title: 'a' }, 'model', 'Ange en modell'],
  ])('refuses %j → %s', async (overrides, field, message) => {
    const before = await snapshot();
    const res = await post(adFields(overrides), [{ data: await photo('jpeg') }]);
    expect(res).toEqual({ status: 400, body: { message, field } });
    await expectNothingStored(before);
  });

  it('keeps the line breaks and tabs of a description', async () => {
    const description = 'Välskött bil.\r\nNya däck:\n\tsommar och vinter.';
    const res = await post(adFields({ description }));
    expect(res.status).toBe(201);
    const car = (await t.app.inject({ method: 'GET', url: `${BASE}/001/2001?carid=${res.body.id}` })).json();
    expect(car.description).toBe(description);
  });

  it('refuses a form with every field missing with the last rule (fuel)', async () => {
    expect(await post({})).toEqual({ status: 400, body: { message: 'Ange bränsle', field: 'fuel' } });
  });

  it.each<Record<string, string>>([
    { title: 'abcd' },
    { title: 'x'.repeat(60) },
    { description: 'abcd' },
    { description: 'ö'.repeat(2500) },
    { price: '0' },
    { price: '50000000' },
    { year: '1885' },
    { year: '2026' },
    { milage: '0' },
    { milage: '100000' },
    { hp: '0' },
    { hp: '3000' },
    { type: 'småbil' },
    { type: 'Pickup' },
    { fuel: 'miljöbränsle' },
  ])('accepts the boundary %j', async (overrides) => {
    expect((await post(adFields(overrides))).status).toBe(201);
  });

  it('takes the fields whatever their position among the files', async () => {
    const body = multipart({}, [{ data: await photo('jpeg') }]);
    const fields = multipart(adFields(), []);
    // Files first, then fields: splice the field parts after the file part.
    const boundary = body.headers['content-type']!.split('boundary=')[1]!;
    const fieldBoundary = fields.headers['content-type']!.split('boundary=')[1]!;
    const fieldParts = fields.payload
      .toString('latin1')
      .replaceAll(fieldBoundary, boundary)
      .replace(`--${boundary}--\r\n`, '');
    const payload = Buffer.concat([
      body.payload.subarray(0, body.payload.length - `--${boundary}--\r\n`.length),
      Buffer.from(fieldParts, 'latin1'),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/001/1001`,
      payload,
      headers: { ...body.headers, ...headers },
    });
    expect(res.statusCode).toBe(201);
  });
});
