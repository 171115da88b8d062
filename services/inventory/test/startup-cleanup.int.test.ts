import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeIncompleteAds, removeLeftovers, PENDING_GRACE_MS } from '../src/services/startup-cleanup.ts';
import { fileRemovalsRepository } from '../src/repositories/file-removals-repository.ts';
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
import { createPhotoStorage, holdWrites, versionFiles, type TestPhotoStorage } from './photo-storage.ts';

let t: TestApp;
let storage: TestPhotoStorage;
let disposeStorage: () => Promise<void>;
let owner: Record<string, string>;
beforeAll(async () => {
  ({ storage, dispose: disposeStorage } = await createPhotoStorage());
  t = await buildTestApp({ storage });
  owner = await t.auth('olle');
});
afterAll(async () => {
  await t.close();
  await disposeStorage();
});

const putVersion = async (id: number, version: number, count: number) => {
  for (const key of versionFiles(id, version, count)) await storage.put(key, Buffer.from('x'), 'image/jpeg');
};
const filesOf = (id: number) => storage.keysOf(id);
const recordsOf = async (id: number) =>
  (
    await t.db.query<{ version: number }>(
      'SELECT version FROM inventory.file_removals WHERE car_id = $1 ORDER BY version',
      [id],
    )
  ).rows.map((r) => r.version);
const photoState = async (id: number) =>
  (
    await t.db.query<{ image_count: number; image_version: number }>(
      'SELECT image_count, image_version FROM inventory.cars WHERE id = $1',
      [id],
    )
  ).rows[0];
/** A start-up; the start-up must never list the store. */
const startUp = async (opts: Parameters<typeof removeIncompleteAds>[2] = { pendingGraceMs: 0 }) => {
  const listed = storage.listed;
  const result = await removeIncompleteAds(t.db, storage, opts);
  expect(storage.listed).toBe(listed);
  return result;
};

const COLOURS = [
  { r: 220, g: 20, b: 20 },
  { r: 20, g: 200, b: 20 },
  { r: 20, g: 20, b: 220 },
  { r: 200, g: 200, b: 20 },
  { r: 20, g: 200, b: 200 },
];
const photos = (n: number) => Promise.all(COLOURS.slice(0, n).map(async (c) => ({ data: await photo('jpeg', c) })));

async function send(method: 'POST' | 'PUT', url: string, count: number) {
  const body = multipart(method === 'PUT' ? editFields() : adFields(), await photos(count));
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
  it('removes pending ads with their files and keeps complete ads, without listing the store', async () => {
    const complete = await insertCar(t.db, { imageCount: 2 });
    const pending = await insertCar(t.db, { status: 'pending' });
    await putVersion(complete, 1, 2);
    await putVersion(pending, 1, 1);

    const result = await startUp();
    expect(result).toMatchObject({ removedAds: [pending], fileRemovals: 1, fileRemovalsLeft: 0 });
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [pending])).toBe(0);
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [complete])).toBe(1);
    expect(await filesOf(pending)).toEqual([]);
    expect(await filesOf(complete)).toEqual(versionFiles(complete, 1, 2));
    expect(await countRows(t.db, 'inventory.file_removals')).toBe(0);
  });

  it('with a grace period keeps recent pending ads (another replica may be storing their photos)', async () => {
    const recent = await insertCar(t.db, { status: 'pending', created: new Date() });
    const old = await insertCar(t.db, { status: 'pending', created: new Date(Date.now() - PENDING_GRACE_MS - 60_000) });
    await putVersion(recent, 1, 1);
    await putVersion(old, 1, 1);
    const result = await startUp({ pendingGraceMs: PENDING_GRACE_MS });
    expect(result.removedAds).toEqual([old]);
    expect(await filesOf(old)).toEqual([]);
    expect(await filesOf(recent)).toEqual(versionFiles(recent, 1, 1));
    await startUp();
    expect(await filesOf(recent)).toEqual([]);
  });

  it('defaults: all pending on PGlite, only older than 15 minutes on PostgreSQL', async () => {
    const recent = await insertCar(t.db, { status: 'pending', created: new Date() });
    const result = await startUp({});
    expect(result.removedAds.includes(recent)).toBe(t.db.engine === 'pglite');
    await startUp();
  });

  it('removes temporary files of dead writers and leaves foreign file names alone', async () => {
    await mkdir(path.join(storage.dir, '.tmp'), { recursive: true });
    await writeFile(path.join(storage.dir, '.tmp', '9-1-1.jpeg-2147483646-abcdef'), 'half');
    await writeFile(path.join(storage.dir, 'README.txt'), 'x');
    const result = await startUp();
    expect(result.removedTemporaryFiles).toBe(1);
    expect(await readdir(path.join(storage.dir, '.tmp'))).toEqual([]);
    expect(await readdir(storage.dir)).toContain('README.txt');
  });

  it('a store failure while removing a pending ad’s files leaves the record; the next start deletes them', async () => {
    const pending = await insertCar(t.db, { status: 'pending' });
    await putVersion(pending, 1, 1);
    const first = await withFailingDeletes(() => startUp());
    expect(first.removedAds).toEqual([pending]);
    expect(first.fileRemovalsLeft).toBe(1);
    expect(await filesOf(pending)).toEqual(versionFiles(pending, 1, 1));
    expect(await recordsOf(pending)).toEqual([1]);
    const second = await startUp();
    expect(second).toMatchObject({ removedAds: [], fileRemovals: 1, fileRemovalsLeft: 0 });
    expect(await filesOf(pending)).toEqual([]);
    expect(await recordsOf(pending)).toEqual([]);
  });
});

describe('photo versions a store error or a crash left are removed at the next start', () => {
  it('DELETE whose file removal fails: the ad is gone, its version stays recorded, the next start deletes it', async () => {
    const id = await createAd(3);
    const keep = await createAd(2);
    expect((await withFailingDeletes(() => remove(id))).statusCode).toBe(204);
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [id])).toBe(0);
    expect(await filesOf(id)).toEqual(versionFiles(id, 1, 3));
    expect(await recordsOf(id)).toEqual([1]);

    expect((await startUp()).fileRemovals).toBe(1);
    expect(await filesOf(id)).toEqual([]);
    expect(await filesOf(keep)).toEqual(versionFiles(keep, 1, 2));
    expect(await recordsOf(id)).toEqual([]);
  });

  it('a replacement whose old files could not be removed: the next start removes only the old version', async () => {
    const id = await createAd(5);
    expect((await withFailingDeletes(() => update(id, 2))).status).toBe(204);
    const { image_count, image_version } = (await photoState(id))!;
    expect(image_count).toBe(2);
    expect(await filesOf(id)).toEqual([...versionFiles(id, 1, 5), ...versionFiles(id, image_version, 2)].sort());
    expect(await recordsOf(id)).toEqual([1]);
    const kept = await Promise.all(versionFiles(id, image_version, 2).map((k) => storage.read(k)));

    await startUp({ pendingGraceMs: PENDING_GRACE_MS });
    expect(await filesOf(id)).toEqual(versionFiles(id, image_version, 2));
    expect(await Promise.all(versionFiles(id, image_version, 2).map((k) => storage.read(k)))).toEqual(kept);
    expect(await recordsOf(id)).toEqual([]);
  });

  it('a replacement cut short before its switch: the next start removes the new files, the old ones stay', async () => {
    const id = await createAd(2);
    // Photo 4 cannot be written and nothing can be deleted: as if the process died after writing photo 3.
    storage.failPutOn = (key) => key.endsWith('-4.jpeg');
    const res = await withFailingDeletes(() => update(id, 4)).finally(() => {
      storage.failPutOn = null;
    });
    expect(res.status).toBe(500);
    expect(await photoState(id)).toEqual({ image_count: 2, image_version: 1 });
    const [written] = await recordsOf(id);
    expect(written).toBeGreaterThan(1);
    expect(await filesOf(id)).toContain(`${id}-${written}-3.jpeg`);

    await startUp();
    expect(await filesOf(id)).toEqual(versionFiles(id, 1, 2));
    expect(await recordsOf(id)).toEqual([]);
  });

  it('a failed upload whose file removal fails stays pending; the next start removes it with its files', async () => {
    const before = await countRows(t.db, 'inventory.cars', `status = 'active'`);
    storage.failPutOn = (key) => key.endsWith('-2-card.jpeg');
    const res = await withFailingDeletes(() => send('POST', '/001/1001', 3)).finally(() => {
      storage.failPutOn = null;
    });
    expect(res.status).toBe(500);
    expect(await countRows(t.db, 'inventory.cars', `status = 'active'`)).toBe(before);
    const pending = await t.db.query<{ id: number }>(`SELECT id FROM inventory.cars WHERE status = 'pending'`);
    expect(pending.rows).toHaveLength(1);
    const id = pending.rows[0]!.id;
    expect((await filesOf(id)).length).toBeGreaterThan(0);

    expect((await startUp()).removedAds).toEqual([id]);
    expect(await filesOf(id)).toEqual([]);
    expect(await countRows(t.db, 'inventory.file_removals')).toBe(0);
  });

  it('with a grace period: a recent version being written stays, versions no write can still use go', async () => {
    const writing = await createAd(1);
    const replaced = await createAd(1);
    const removed = await createAd(1);
    const removals = fileRemovalsRepository(t.db);
    // A replacement under way on another replica: its version is recorded, newer than the row's.
    const inFlight = (await removals.startVersion(writing, 'olle'))!;
    await putVersion(writing, inFlight, 1);
    // A replaced version and a removed ad whose files a crash left.
    await withFailingDeletes(() => update(replaced, 1));
    await withFailingDeletes(() => remove(removed));

    const first = await startUp({ pendingGraceMs: PENDING_GRACE_MS });
    expect(first.fileRemovals).toBe(2);
    expect(await filesOf(removed)).toEqual([]);
    expect(await recordsOf(replaced)).toEqual([]);
    expect(await recordsOf(writing)).toEqual([inFlight]);
    expect(await filesOf(writing)).toEqual(
      [...versionFiles(writing, 1, 1), ...versionFiles(writing, inFlight, 1)].sort(),
    );

    const later = await startUp({
      pendingGraceMs: PENDING_GRACE_MS,
      now: () => new Date(Date.now() + PENDING_GRACE_MS + 60_000),
    });
    expect(later.fileRemovals).toBe(1);
    expect(await filesOf(writing)).toEqual(versionFiles(writing, 1, 1));
    expect(await recordsOf(writing)).toEqual([]);
  });
});

describe('removeLeftovers (a running process)', () => {
  it('leaves an upload still running, on either engine, and removes it once past the grace period', async () => {
    const hold = holdWrites(storage);
    let upload: Promise<{ status: number; body: { id: number } | null }>;
    try {
      upload = send('POST', '/001/1001', 1);
      await hold.waitFor(1);
      const pending = await t.db.query<{ id: number }>(`SELECT id FROM inventory.cars WHERE status = 'pending'`);
      expect(pending.rows).toHaveLength(1);
      expect(await removeLeftovers(t.db, storage)).toEqual({ removedAds: [], fileRemovals: 0, fileRemovalsLeft: 0 });
    } finally {
      hold.stop();
    }
    const res = await upload;
    expect(res.status).toBe(201);
    expect(await filesOf(res.body!.id)).toEqual(versionFiles(res.body!.id, 1, 1));

    // A crash left one past the grace period: removed with its files, without listing the store.
    const crashed = await insertCar(t.db, { status: 'pending', created: new Date() });
    await putVersion(crashed, 1, 1);
    const listed = storage.listed;
    expect(await removeLeftovers(t.db, storage)).toMatchObject({ removedAds: [] });
    const later = await removeLeftovers(t.db, storage, { now: () => new Date(Date.now() + PENDING_GRACE_MS + 60_000) });
    expect(later).toEqual({ removedAds: [crashed], fileRemovals: 1, fileRemovalsLeft: 0 });
    expect(await filesOf(crashed)).toEqual([]);
    expect(await filesOf(res.body!.id)).toEqual(versionFiles(res.body!.id, 1, 1));
    expect(storage.listed).toBe(listed);
  });
});
