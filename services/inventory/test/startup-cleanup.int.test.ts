import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeIncompleteAds, PENDING_GRACE_MS } from '../src/services/startup-cleanup.ts';
import { settleFileRemoval } from '../src/services/ad-service.ts';
import { fileRemovalsRepository } from '../src/repositories/file-removals-repository.ts';
import {
  adFields,
  BASE,
  buildTestApp,
  countRows,
  insertCar,
  MemoryStorage,
  multipart,
  photo,
  type TestApp,
} from './inventory-helpers.ts';

/**
 * The store of these tests: listing it fails the test (the start-up must never list it), deleting can be
 * made to fail (a store error, or a crash, between a row change and the deletion of the files), and every
 * put is counted.
 */
class CleanupStorage extends MemoryStorage {
  failDelete = false;
  listed = 0;
  readonly puts: string[] = [];
  deleteGate: Promise<void> | null = null;
  onDelete: (() => void) | null = null;

  override async put(key: string, data: Buffer, contentType: string): Promise<void> {
    this.puts.push(key);
    return super.put(key, data, contentType);
  }
  override async delete(keys: readonly string[]): Promise<void> {
    this.onDelete?.();
    if (this.deleteGate) await this.deleteGate;
    if (this.failDelete) throw new Error('injected failure deleting files');
    return super.delete(keys);
  }
  override list(): AsyncIterable<string> {
    this.listed++;
    throw new Error('the start-up must not list the store');
  }
}

let t: TestApp;
const storage = new CleanupStorage();
let owner: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ storage });
  owner = await t.auth('olle');
});
afterAll(() => t.close());

const put = (key: string) => storage.put(key, Buffer.from('x'), 'image/jpeg');
const filesOf = (id: number) => storage.keys().filter((k) => k.startsWith(`${id}-`));
const photoFiles = (id: number, count: number) =>
  Array.from({ length: count }, (_, i) => [`${id}-${i + 1}-card.jpeg`, `${id}-${i + 1}.jpeg`])
    .flat()
    .sort();
const entriesOf = async (id: number) =>
  (
    await t.db.query<{ from_n: number }>('SELECT from_n FROM inventory.file_removals WHERE car_id = $1 ORDER BY id', [
      id,
    ])
  ).rows.map((r) => r.from_n);
const imageCount = async (id: number) =>
  (await t.db.query<{ image_count: number }>('SELECT image_count FROM inventory.cars WHERE id = $1', [id])).rows[0]
    ?.image_count;
const startUp = (opts: Parameters<typeof removeIncompleteAds>[2] = { pendingGraceMs: 0 }) =>
  removeIncompleteAds(t.db, storage, opts);

const COLOURS = [
  { r: 220, g: 20, b: 20 },
  { r: 20, g: 200, b: 20 },
  { r: 20, g: 20, b: 220 },
  { r: 200, g: 200, b: 20 },
  { r: 20, g: 200, b: 200 },
];
const photos = (n: number) => Promise.all(COLOURS.slice(0, n).map(async (c) => ({ data: await photo('jpeg', c) })));

async function send(method: 'POST' | 'PUT', url: string, count: number) {
  const body = multipart(adFields(), await photos(count));
  const res = await t.app.inject({
    method,
    url: `${BASE}${url}`,
    payload: body.payload,
    headers: { ...body.headers, ...owner },
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}
async function createAd(count: number): Promise<number> {
  const res = await send('POST', '/001/1001', count);
  expect(res.status).toBe(201);
  return res.body.id;
}
const update = (id: number, count: number) => send('PUT', `/cars/${id}`, count);
const remove = (id: number) => t.app.inject({ method: 'DELETE', url: `${BASE}/cars/${id}`, headers: owner });

async function withFailingDeletes<T>(fn: () => Promise<T>): Promise<T> {
  storage.failDelete = true;
  try {
    return await fn();
  } finally {
    storage.failDelete = false;
  }
}

describe('removeIncompleteAds', () => {
  it('removes pending ads with their files, keeps complete ads, and never lists the store', async () => {
    const complete = await insertCar(t.db, { imageCount: 2 });
    const pending = await insertCar(t.db, { status: 'pending' });
    for (const key of photoFiles(complete, 2)) await put(key);
    await put(`${pending}-1.jpeg`);
    await put(`${pending}-1-card.jpeg`);

    const result = await startUp();
    expect(result.removedAds).toEqual([pending]);
    expect(result.fileRemovals).toBe(1);
    expect(result.fileRemovalsLeft).toBe(0);
    expect(storage.listed).toBe(0);
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [pending])).toBe(0);
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [complete])).toBe(1);
    expect(filesOf(pending)).toEqual([]);
    expect(filesOf(complete)).toEqual(photoFiles(complete, 2));
    expect(await countRows(t.db, 'inventory.file_removals')).toBe(0);
  });

  it('with a grace period keeps recent pending ads (another replica may be storing their photos)', async () => {
    const recent = await insertCar(t.db, { status: 'pending', created: new Date() });
    const old = await insertCar(t.db, { status: 'pending', created: new Date(Date.now() - PENDING_GRACE_MS - 60_000) });
    await put(`${recent}-1.jpeg`);
    await put(`${old}-1.jpeg`);
    const result = await startUp({ pendingGraceMs: PENDING_GRACE_MS });
    expect(result.removedAds).toEqual([old]);
    expect(filesOf(old)).toEqual([]);
    expect(filesOf(recent)).toEqual([`${recent}-1.jpeg`]);
    await startUp();
    expect(filesOf(recent)).toEqual([]);
  });

  it('defaults: all pending on PGlite, only older than 15 minutes on PostgreSQL', async () => {
    const recent = await insertCar(t.db, { status: 'pending', created: new Date() });
    const result = await startUp({});
    expect(result.removedAds.includes(recent)).toBe(t.db.engine === 'pglite');
    await startUp();
  });

  it('leaves foreign file names alone and calls the store’s temporary-file cleanup', async () => {
    let cleaned = 0;
    const store = Object.assign(new CleanupStorage(), {
      removeTemporaryFiles: async () => {
        cleaned++;
        return 3;
      },
    });
    store.files.set('README.txt', { data: Buffer.from('x'), contentType: 'text/plain' });
    const result = await removeIncompleteAds(t.db, store);
    expect(cleaned).toBe(1);
    expect(result.removedTemporaryFiles).toBe(3);
    expect(store.keys()).toEqual(['README.txt']);
    expect(store.listed).toBe(0);
  });

  it('a store failure while removing a pending ad’s files leaves the record; the next start deletes them', async () => {
    const pending = await insertCar(t.db, { status: 'pending' });
    await put(`${pending}-1.jpeg`);
    const first = await withFailingDeletes(() => startUp());
    expect(first.removedAds).toEqual([pending]);
    expect(first.fileRemovalsLeft).toBe(1);
    expect(filesOf(pending)).toEqual([`${pending}-1.jpeg`]);
    expect(await entriesOf(pending)).toEqual([1]);
    const second = await startUp();
    expect(second).toMatchObject({ removedAds: [], fileRemovals: 1, fileRemovalsLeft: 0 });
    expect(filesOf(pending)).toEqual([]);
    expect(await entriesOf(pending)).toEqual([]);
  });
});

describe('files a row change made surplus are removed at the next start', () => {
  it('DELETE whose file removal fails: the ad is gone, its files stay recorded, the next start deletes them', async () => {
    const id = await createAd(3);
    const keep = await createAd(2);
    const res = await withFailingDeletes(() => remove(id));
    expect(res.statusCode).toBe(204);
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [id])).toBe(0);
    expect(filesOf(id)).toEqual(photoFiles(id, 3));
    expect(await entriesOf(id)).toEqual([1]);

    const result = await startUp();
    expect(result.fileRemovals).toBe(1);
    expect(filesOf(id)).toEqual([]);
    expect(filesOf(keep)).toEqual(photoFiles(keep, 2));
    expect(await entriesOf(id)).toEqual([]);
    expect(storage.listed).toBe(0);
  });

  it('an update to fewer photos interrupted before the surplus removal: the next start removes only the surplus', async () => {
    const id = await createAd(5);
    const res = await withFailingDeletes(() => update(id, 2));
    expect(res.status).toBe(204);
    expect(await imageCount(id)).toBe(2);
    expect(filesOf(id)).toEqual(photoFiles(id, 5));
    expect(await entriesOf(id)).toEqual([3]);
    const kept = new Map(photoFiles(id, 2).map((k) => [k, storage.files.get(k)!.data]));

    await startUp();
    expect(filesOf(id)).toEqual(photoFiles(id, 2));
    for (const [key, data] of kept) expect(storage.files.get(key)!.data.equals(data), key).toBe(true);
    expect(await entriesOf(id)).toEqual([]);
  });

  it('an entry of an ad since updated to more photos does not delete its current photos', async () => {
    const id = await createAd(4);
    await withFailingDeletes(() => update(id, 2)); // leaves the entry "from photo 3"
    expect(await entriesOf(id)).toEqual([3]);
    expect((await update(id, 5)).status).toBe(204);
    expect(await imageCount(id)).toBe(5);
    expect(filesOf(id)).toEqual(photoFiles(id, 5));

    // An old entry the update did not replace (written by a replica whose update crashed, say) still finds
    // the ad's current count: only files beyond photo 5 go.
    const old = await fileRemovalsRepository(t.db).add(id, 3);
    await t.db.query(`UPDATE inventory.file_removals SET created = now() - interval '1 hour' WHERE id = $1`, [old]);
    await put(`${id}-7.jpeg`);
    const result = await startUp({ pendingGraceMs: PENDING_GRACE_MS });
    expect(result.fileRemovals).toBe(1);
    expect(filesOf(id)).toEqual(photoFiles(id, 5));
    expect(await entriesOf(id)).toEqual([]);
  });

  it('a failed upload whose file removal fails: no row, the next start deletes its files', async () => {
    const before = await countRows(t.db, 'inventory.cars');
    storage.failPutOn = (key) => key.endsWith('-2-card.jpeg');
    const res = await withFailingDeletes(() => send('POST', '/001/1001', 3)).finally(() => {
      storage.failPutOn = null;
    });
    expect(res.status).toBe(500);
    expect(await countRows(t.db, 'inventory.cars')).toBe(before);
    const entries = (
      await t.db.query<{ car_id: number; from_n: number }>('SELECT car_id, from_n FROM inventory.file_removals')
    ).rows;
    expect(entries).toHaveLength(1);
    const id = entries[0]!.car_id;
    expect(entries[0]!.from_n).toBe(1);
    expect(filesOf(id).length).toBeGreaterThan(0);

    await startUp();
    expect(filesOf(id)).toEqual([]);
    expect(await entriesOf(id)).toEqual([]);
  });

  it('an update to more photos cut short before it commits: the next start removes the new files beyond the kept count', async () => {
    const id = await createAd(2);
    // Photo 4 cannot be written and nothing can be deleted: as if the process died after writing photo 3.
    storage.failPutOn = (key) => key === `${id}-4.jpeg`;
    const res = await withFailingDeletes(() => update(id, 4)).finally(() => {
      storage.failPutOn = null;
    });
    expect(res.status).toBe(500);
    expect(await imageCount(id)).toBe(2);
    expect(filesOf(id)).toContain(`${id}-3.jpeg`);
    expect(await entriesOf(id)).toEqual([3]);

    await startUp();
    expect(filesOf(id)).toEqual(photoFiles(id, 2));
    expect(await entriesOf(id)).toEqual([]);
  });

  it('on PostgreSQL waits: recent entries of kept ads stay (an update may be writing), those of removed ads go', async () => {
    const kept = await createAd(1);
    const removed = await createAd(1);
    const removals = fileRemovalsRepository(t.db);
    await removals.add(kept, 2);
    await withFailingDeletes(() => remove(removed));
    await put(`${kept}-2.jpeg`);

    const first = await startUp({ pendingGraceMs: PENDING_GRACE_MS });
    expect(first.fileRemovals).toBe(1);
    expect(filesOf(removed)).toEqual([]);
    expect(await entriesOf(kept)).toEqual([2]);
    expect(filesOf(kept)).toEqual([...photoFiles(kept, 1), `${kept}-2.jpeg`].sort());

    const later = await startUp({
      pendingGraceMs: PENDING_GRACE_MS,
      now: () => new Date(Date.now() + PENDING_GRACE_MS + 60_000),
    });
    expect(later.fileRemovals).toBe(1);
    expect(filesOf(kept)).toEqual(photoFiles(kept, 1));
    expect(await entriesOf(kept)).toEqual([]);
  });

  it('an update of an ad whose entry is being settled waits until the files are deleted before writing', async () => {
    const id = await createAd(2);
    const entry = await fileRemovalsRepository(t.db).add(id, 3);
    let release!: () => void;
    storage.deleteGate = new Promise<void>((r) => (release = r));
    const deleting = new Promise<void>((r) => (storage.onDelete = r));
    const settling = settleFileRemoval(t.db, storage, entry);
    await deleting; // the entry is locked and its files are being deleted
    storage.onDelete = null;
    storage.deleteGate = null;
    const putsBefore = storage.puts.length;
    const updating = update(id, 5);
    await new Promise((r) => setTimeout(r, 400));
    expect(storage.puts.slice(putsBefore).filter((k) => k.startsWith(`${id}-`))).toEqual([]);
    release();
    expect(await settling).toEqual({ status: 'done' });
    expect((await updating).status).toBe(204);
    expect(await imageCount(id)).toBe(5);
    expect(filesOf(id)).toEqual(photoFiles(id, 5));
    expect(await entriesOf(id)).toEqual([]);
  });
});
