// Inventory's side of closing an account (GDPR erasure): the seller's ads in every state with their photo files,
// saved ads and feedback links go, the lists stay consistent, and the closed account's still valid token can
// neither post nor save an ad. Photos are stored in a real folder, so "removed" means gone from the disk.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_AS_OF_HEADER } from '@bilmarknaden/shared/api-paths';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { ACCOUNT_CLOSURE_MESSAGES } from '@bilmarknaden/shared/validation/account-closure';
import { closedSellersRepository } from '../src/repositories/closed-sellers-repository.ts';
import { createSellerErasure, ERASURE_BATCH } from '../src/services/seller-erasure.ts';
import { LocalFileStorage } from '../src/storage/local-storage.ts';
import {
  adFields,
  editFields,
  BASE,
  buildTestApp,
  countRows,
  insertCar,
  multipart,
  photo,
  type TestApp,
} from './inventory-helpers.ts';
import { versionFiles } from './photo-storage.ts';

/** A photo folder that counts its writes and can hold them at a gate (an upload under way). */
class GatedStorage extends LocalFileStorage {
  readonly puts: string[] = [];
  gate: Promise<void> | null = null;
  onPut: ((key: string) => void) | null = null;

  override async put(key: string, data: Buffer, contentType: string): Promise<void> {
    this.puts.push(key);
    this.onPut?.(key);
    if (this.gate) await this.gate;
    return super.put(key, data, contentType);
  }
}

const SELLER = 'Sara_K';
const OTHER = 'olle';
const CLOSED_401 = { status: 401, body: { message: ACCOUNT_CLOSURE_MESSAGES.accountClosed } };

let dir: string;
let storage: GatedStorage;
let t: TestApp;
let erasure: ReturnType<typeof createSellerErasure>;
let seller: Record<string, string>;
let other: Record<string, string>;
let bertil: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'inventory-erasure-'));
  storage = new GatedStorage(dir);
  t = await buildTestApp({ storage });
  erasure = createSellerErasure({ db: t.db, storage });
  seller = await t.auth(SELLER);
  other = await t.auth(OTHER);
  bertil = await t.auth('bertil');
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** The photo files in the folder (not the temporary ones). */
const storedFiles = async () =>
  (await readdir(dir)).filter((f) => !f.startsWith('.')).sort((a, b) => a.localeCompare(b));
const filesOf = async (ids: readonly number[]) => {
  const prefixes = ids.map((id) => `${id}-`);
  return (await storedFiles()).filter((f) => prefixes.some((p) => f.startsWith(p)));
};
async function writePhotos(id: number, count: number): Promise<void> {
  for (const key of versionFiles(id, 1, count)) await storage.put(key, Buffer.from('jpeg'), 'image/jpeg');
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `${BASE}${url}`, headers });
  return { status: res.statusCode, body: res.json(), asOf: res.headers[LIST_AS_OF_HEADER.toLowerCase()] as string };
};
const ids = (items: CarListItem[]) => items.map((c) => c.id);
const postAd = async (auth: Record<string, string>, photos = 1, fields = adFields()) => {
  const files = await Promise.all(Array.from({ length: photos }, async () => ({ data: await photo('jpeg') })));
  const body = multipart(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/001/1001`,
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const toggle = async (carId: number, auth: Record<string, string>) => {
  const res = await t.app.inject({ method: 'POST', url: `${BASE}/001/3001?carid=${carId}`, headers: auth });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const feedback = async (auth: Record<string, string>, name: string) => {
  const payload = { name, email: `${name.toLowerCase()}@example.se`, title: 'Fråga', content: `Hej från ${name}` };
  const res = await t.app.inject({ method: 'POST', url: `${BASE}/feedback`, payload, headers: auth });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};
const sellerRows = () => countRows(t.db, 'inventory.cars', 'lower(username) = lower($1)', [SELLER]);

/** Every window of 20 of a listing in one snapshot, until an empty one. */
async function allWindows(url: string, asOf: string): Promise<number[]> {
  const seen: number[] = [];
  for (let start = 0; ; start += 20) {
    const sep = url.includes('?') ? '&' : '?';
    const page = await get(`${url}${sep}start=${start}&end=${start + 20}&asOf=${encodeURIComponent(asOf)}`);
    expect(page.status).toBe(200);
    if (page.body.length === 0) return seen;
    seen.push(...ids(page.body));
  }
}

/** The visible ads of these users, newest first: what every listing must show. */
async function visibleIdsOf(...usernames: string[]): Promise<number[]> {
  const r = await t.db.query<{ id: number }>(
    `SELECT id FROM inventory.cars WHERE status = 'active' AND lower(username) = ANY($1::text[])
     ORDER BY created DESC, id DESC`,
    [usernames.map((u) => u.toLowerCase())],
  );
  return r.rows.map((x) => x.id);
}

describe('erasing a closed seller', () => {
  const sellerAds: number[] = [];
  const otherAds: number[] = [];
  let sellerPending: number;
  let otherFiles: string[];
  let before: { saved: number; keptSaves: { username: string; car_id: number }[] };
  let feedbackIds: { seller: number; bertil: number; anonymous: number };
  let asOfBefore: string;
  let result: Awaited<ReturnType<typeof erasure.erase>>;

  beforeAll(async () => {
    // 300 ads over two days, every fifth another seller's, more than two erasure batches of the seller's. Some
    // share a minute (ties by id), some have photo files.
    const base = Date.UTC(2025, 2, 1, 13);
    for (let i = 0; i < 300; i++) {
      const mine = i % 5 !== 0;
      const id = await insertCar(t.db, {
        username: mine ? SELLER : OTHER,
        title: mine ? `Saraskatt nummer ${i}` : `Ollebil nummer ${i}`,
        created: new Date(base + Math.floor(i / 2) * 7 * 60_000),
        imageCount: i % 10 === 1 || i % 10 === 5 ? 2 : 0,
      });
      if (i % 10 === 1 || i % 10 === 5) await writePhotos(id, 2);
      (mine ? sellerAds : otherAds).push(id);
    }
    expect(sellerAds.length).toBeGreaterThan(2 * ERASURE_BATCH);
    // Posted through the API, with photos re-encoded and stored; and an upload left pending with its files.
    const posted = await postAd(seller, 2);
    expect(posted.status).toBe(201);
    sellerAds.push(posted.body.id);
    sellerPending = await insertCar(t.db, { username: SELLER, status: 'pending', imageCount: 0 });
    await writePhotos(sellerPending, 3);
    sellerAds.push(sellerPending);
    const otherPosted = await postAd(other, 2);
    expect(otherPosted.status).toBe(201);
    otherAds.push(otherPosted.body.id);
    otherFiles = await filesOf(otherAds);
    expect(otherFiles.length).toBeGreaterThan(20);
    expect((await filesOf(sellerAds)).length).toBeGreaterThan(20);

    // Saves: the seller's own (of another's ad and of their own), others' of the seller's ads and of other ads.
    for (const [carId, auth] of [
      [otherAds[1]!, seller],
      [sellerAds[0]!, seller],
      [sellerAds[1]!, other],
      [otherAds[2]!, other],
      [sellerAds[0]!, bertil],
      [otherAds[1]!, bertil],
    ] as const) {
      expect(await toggle(carId, auth)).toMatchObject({ status: 200, body: { saved: true } });
    }
    before = {
      saved: await countRows(t.db, 'inventory.saved_cars'),
      keptSaves: [
        { username: OTHER, car_id: otherAds[2]! },
        { username: 'bertil', car_id: otherAds[1]! },
      ],
    };
    feedbackIds = {
      seller: await feedback(seller, 'Sara'),
      bertil: await feedback(bertil, 'Bertil'),
      anonymous: await feedback({}, 'Anonym'),
    };

    // The lists show the seller's ads before.
    const first = await get('/001/2003');
    asOfBefore = first.asOf;
    expect(ids(first.body).some((id) => sellerAds.includes(id))).toBe(true);
    expect((await get('/001/2003?searchterm=saraskatt')).body.length).toBeGreaterThan(0);
    expect((await get(`/001/2002?username=${SELLER}`)).body.length).toBeGreaterThan(0);

    // The relay passes identity's name; the match is by lower(), as the seller's list matches.
    result = await erasure.erase(SELLER.toUpperCase());
  }, 120_000);

  it('removes every ad of the seller, published and pending, and no other', async () => {
    expect(result.removedAds).toBe(sellerAds.length);
    expect(await sellerRows()).toBe(0);
    expect(await countRows(t.db, 'inventory.cars', 'id = ANY($1::int[])', [otherAds])).toBe(otherAds.length);
    expect(await countRows(t.db, 'inventory.cars', 'id = ANY($1::int[])', [[sellerPending]])).toBe(0);
  });

  it('removes their photo files from the folder, keeps the others’, and leaves no record behind', async () => {
    expect(await filesOf(sellerAds)).toEqual([]);
    expect(await filesOf(otherAds)).toEqual(otherFiles);
    expect(await storedFiles()).toEqual(otherFiles);
    expect(await countRows(t.db, 'inventory.file_removals')).toBe(0);
  });

  it('removes the seller’s saved ads and everyone’s saves of the removed ads, keeps the other saves', async () => {
    expect(result.removedSaved).toBe(4);
    expect(await countRows(t.db, 'inventory.saved_cars')).toBe(before.saved - 4);
    const rows = await t.db.query<{ username: string; car_id: number }>(
      'SELECT username, car_id FROM inventory.saved_cars ORDER BY username',
    );
    expect(rows.rows).toEqual(before.keptSaves.sort((a, b) => a.username.localeCompare(b.username)));
    expect(ids((await get('/001/3002', other)).body)).toEqual([otherAds[2]]);
    expect(ids((await get('/001/3002', bertil)).body)).toEqual([otherAds[1]]);
    expect((await get('/001/3002', seller)).body).toEqual([]);
  });

  it('unlinks the seller’s feedback and keeps its message and contact details', async () => {
    const rows = await t.db.query<{
      id: number;
      username: string | null;
      name: string;
      email: string;
      content: string;
    }>('SELECT id, username, name, email, content FROM inventory.feedback ORDER BY id');
    expect(rows.rows).toEqual([
      { id: feedbackIds.seller, username: null, name: 'Sara', email: 'sara@example.se', content: 'Hej från Sara' },
      {
        id: feedbackIds.bertil,
        username: 'bertil',
        name: 'Bertil',
        email: 'bertil@example.se',
        content: 'Hej från Bertil',
      },
      {
        id: feedbackIds.anonymous,
        username: null,
        name: 'Anonym',
        email: 'anonym@example.se',
        content: 'Hej från Anonym',
      },
    ]);
  });

  it('the list’s windows, the seller lists and search no longer show the ads, and stay consistent', async () => {
    const expected = await visibleIdsOf(OTHER);
    expect(expected.length).toBe(otherAds.length);
    const first = await get('/001/2003');
    expect(ids(first.body)).toEqual(expected.slice(0, 20));
    // Every window of a new listing, and a later window of the listing begun before the erasure.
    expect(await allWindows('/001/2003', first.asOf)).toEqual(expected);
    const later = await get(`/001/2003?start=40&end=60&asOf=${encodeURIComponent(asOfBefore)}`);
    expect(ids(later.body)).toEqual(expected.slice(40, 60));
    expect((await get('/001/2003?searchterm=saraskatt')).body).toEqual([]);
    expect(ids((await get('/001/2003?searchterm=ollebil&end=100')).body).sort()).toEqual(otherAds.slice(0, -1).sort());
    for (const name of [SELLER, SELLER.toLowerCase()]) {
      const list = await get(`/001/2002?username=${name}`);
      expect({ status: list.status, body: list.body }).toEqual({ status: 200, body: [] });
    }
    const olle = await get(`/001/2002?username=${OTHER}`);
    expect(await allWindows(`/001/2002?username=${OTHER}`, olle.asOf)).toEqual(expected);
    for (const id of sellerAds.slice(0, 3)) expect((await get(`/001/2001?carid=${id}`)).status).toBe(404);
  });

  it('records the account closed once, lower-cased', async () => {
    const rows = await t.db.query<{ username_lower: string }>('SELECT username_lower FROM inventory.closed_sellers');
    expect(rows.rows).toEqual([{ username_lower: SELLER.toLowerCase() }]);
  });

  it('is idempotent: erasing again, or a name without ads, removes nothing more', async () => {
    const files = await storedFiles();
    const saved = await countRows(t.db, 'inventory.saved_cars');
    const cars = await countRows(t.db, 'inventory.cars');
    expect(await erasure.erase(SELLER)).toEqual({ removedAds: 0, removedSaved: 0, removedWatches: 0 });
    expect(await erasure.erase('nobody_here')).toEqual({ removedAds: 0, removedSaved: 0, removedWatches: 0 });
    expect(await storedFiles()).toEqual(files);
    expect(await countRows(t.db, 'inventory.saved_cars')).toBe(saved);
    expect(await countRows(t.db, 'inventory.cars')).toBe(cars);
    expect(await countRows(t.db, 'inventory.closed_sellers')).toBe(2);
  });

  it('refuses a new ad from the closed seller’s valid token with 401 before reading it, storing nothing', async () => {
    const cars = await countRows(t.db, 'inventory.cars');
    const puts = storage.puts.length;
    const files = await storedFiles();
    for (const auth of [seller, await t.auth(SELLER.toLowerCase())]) {
      const res = await postAd(auth, 2);
      expect({ status: res.status, body: res.body }).toEqual(CLOSED_401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    expect(await countRows(t.db, 'inventory.cars')).toBe(cars);
    // Refused before the photos are processed: not one file was written, not even to be removed again.
    expect(storage.puts.length).toBe(puts);
    expect(await storedFiles()).toEqual(files);
    expect(await countRows(t.db, 'inventory.file_removals')).toBe(0);
  });

  it('refuses saving (and unsaving) with 401, storing nothing; the saved list still answers', async () => {
    const saved = await countRows(t.db, 'inventory.saved_cars');
    for (const carId of [otherAds[2]!, otherAds[3]!]) {
      const res = await toggle(carId, seller);
      expect({ status: res.status, body: res.body }).toEqual(CLOSED_401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    expect(await countRows(t.db, 'inventory.saved_cars')).toBe(saved);
    expect(await get('/001/3002', seller)).toMatchObject({ status: 200, body: [] });
  });

  it('the closed seller’s token edits and removes nothing: 404 for their erased ads, 403 for others’', async () => {
    const files = await storedFiles();
    const target = otherAds[otherAds.length - 1]!;
    const detail = (await get(`/001/2001?carid=${target}`)).body;
    const send = async (method: 'PUT' | 'DELETE', id: number) => {
      const body = multipart(adFields({ title: 'Kapad annons' }), [{ data: await photo('jpeg') }]);
      const res = await t.app.inject({
        method,
        url: `${BASE}/cars/${id}`,
        ...(method === 'PUT' ? { payload: body.payload } : {}),
        headers: { ...(method === 'PUT' ? body.headers : {}), ...seller },
      });
      return res.statusCode;
    };
    expect(await send('PUT', sellerAds[0]!)).toBe(404);
    expect(await send('DELETE', sellerAds[0]!)).toBe(404);
    expect(await send('PUT', target)).toBe(403);
    expect(await send('DELETE', target)).toBe(403);
    expect((await get(`/001/2001?carid=${target}`)).body).toEqual(detail);
    expect(await storedFiles()).toEqual(files);
    expect(await sellerRows()).toBe(0);
  });

  it('keeps new feedback from the closed seller’s token unlinked', async () => {
    const id = await feedback(seller, 'Sara');
    const row = await t.db.query('SELECT username, content FROM inventory.feedback WHERE id = $1', [id]);
    expect(row.rows).toEqual([{ username: null, content: 'Hej från Sara' }]);
  });

  it('leaves a user whose account is open unaffected', async () => {
    const posted = await postAd(other, 1);
    expect(posted.status).toBe(201);
    expect(await toggle(posted.body.id, other)).toMatchObject({ status: 200, body: { saved: true } });
    expect(await toggle(posted.body.id, bertil)).toMatchObject({ status: 200, body: { saved: true } });
    const id = await feedback(other, 'Olle');
    const row = await t.db.query('SELECT username FROM inventory.feedback WHERE id = $1', [id]);
    expect(row.rows).toEqual([{ username: OTHER }]);
    expect(await filesOf([posted.body.id])).toHaveLength(2);
  });
});

describe('a closure during an upload', () => {
  /** Starts a post whose first photo write waits at the gate; resolves once the ad's row is pending. */
  async function startHeldUpload(username: string) {
    let open!: () => void;
    storage.gate = new Promise<void>((resolve) => (open = resolve));
    const reached = new Promise<string>((resolve) => (storage.onPut = resolve));
    const response = postAd(await t.auth(username), 2);
    const key = await reached;
    storage.onPut = null;
    const id = Number(key.split('-')[0]);
    expect(await countRows(t.db, 'inventory.cars', `id = $1 AND status = 'pending'`, [id])).toBe(1);
    return {
      id,
      async finish() {
        storage.gate = null;
        open();
        const res = await response;
        return { status: res.status, body: res.body };
      },
    };
  }

  it('an upload that publishes after the closure is recorded is refused with 401 and leaves nothing', async () => {
    const upload = await startHeldUpload('ulla');
    // Recorded while the photos are being written, before the erasure reached the ad.
    await closedSellersRepository(t.db).record('ulla');
    expect(await upload.finish()).toEqual(CLOSED_401);
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [upload.id])).toBe(0);
    expect(await filesOf([upload.id])).toEqual([]);
    expect(await countRows(t.db, 'inventory.file_removals')).toBe(0);
  });

  it('the erasure removes an upload under way, which then answers 401 and leaves no file', async () => {
    const upload = await startHeldUpload('vera');
    expect(await erasure.erase('vera')).toEqual({ removedAds: 1, removedSaved: 0, removedWatches: 0 });
    expect(await upload.finish()).toEqual(CLOSED_401);
    expect(await countRows(t.db, 'inventory.cars', `lower(username) = 'vera'`)).toBe(0);
    expect(await filesOf([upload.id])).toEqual([]);
    expect(await countRows(t.db, 'inventory.file_removals')).toBe(0);
  });
});

describe('an ad whose photos are being replaced', () => {
  it('is removed by the erasure; the replacement then answers 404 and leaves no file', async () => {
    const id = await insertCar(t.db, { username: 'berit', imageCount: 1 });
    await writePhotos(id, 1);
    let open!: () => void;
    storage.gate = new Promise<void>((resolve) => (open = resolve));
    const reached = new Promise<string>((resolve) => (storage.onPut = resolve));
    const body = multipart(editFields(), [{ data: await photo('jpeg') }]);
    const replacing = t.app.inject({
      method: 'PUT',
      url: `${BASE}/cars/${id}`,
      payload: body.payload,
      headers: { ...body.headers, ...(await t.auth('berit')) },
    });
    await reached;
    storage.onPut = null;
    expect(await erasure.erase('berit')).toEqual({ removedAds: 1, removedSaved: 0, removedWatches: 0 });
    storage.gate = null;
    open();
    expect((await replacing).statusCode).toBe(404);
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [id])).toBe(0);
    expect(await filesOf([id])).toEqual([]);
    expect(await countRows(t.db, 'inventory.file_removals')).toBe(0);
  });
});
