import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeIncompleteAds, PENDING_GRACE_MS } from '../src/services/startup-cleanup.ts';
import { buildTestApp, countRows, insertCar, MemoryStorage, type TestApp } from './inventory-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const put = (s: MemoryStorage, key: string) => s.put(key, Buffer.from('x'), 'image/jpeg');

describe('removeIncompleteAds', () => {
  it('removes pending ads with their files and files without an ad, keeping complete ads', async () => {
    const storage = new MemoryStorage();
    const complete = await insertCar(t.db, { imageCount: 2 });
    const pending = await insertCar(t.db, { status: 'pending' });
    const gone = 99_999_000;
    for (const key of [
      `${complete}-1.jpeg`,
      `${complete}-1-card.jpeg`,
      `${complete}-2.jpeg`,
      `${complete}-2-card.jpeg`,
    ]) {
      await put(storage, key);
    }
    await put(storage, `${pending}-1.jpeg`);
    await put(storage, `${pending}-1-card.jpeg`);
    await put(storage, `${gone}-1.jpeg`);
    await put(storage, `${gone}-3-card.jpeg`);

    const result = await removeIncompleteAds(t.db, storage, { pendingGraceMs: 0 });
    expect(result.removedAds).toEqual([pending]);
    expect(result.removedFiles).toBe(2);
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [pending])).toBe(0);
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [complete])).toBe(1);
    expect(storage.keys()).toEqual(
      [`${complete}-1-card.jpeg`, `${complete}-1.jpeg`, `${complete}-2-card.jpeg`, `${complete}-2.jpeg`].sort(),
    );
  });

  it('with a grace period keeps recent pending ads (another replica may be storing their photos)', async () => {
    const storage = new MemoryStorage();
    const recent = await insertCar(t.db, { status: 'pending', created: new Date() });
    const old = await insertCar(t.db, { status: 'pending', created: new Date(Date.now() - PENDING_GRACE_MS - 60_000) });
    await put(storage, `${recent}-1.jpeg`);
    await put(storage, `${old}-1.jpeg`);
    const result = await removeIncompleteAds(t.db, storage, { pendingGraceMs: PENDING_GRACE_MS });
    expect(result.removedAds).toEqual([old]);
    expect(storage.keys()).toEqual([`${recent}-1.jpeg`]);
    await removeIncompleteAds(t.db, storage, { pendingGraceMs: 0 });
    expect(storage.keys()).toEqual([]);
  });

  it('defaults: all pending on PGlite, only older than 15 minutes on PostgreSQL', async () => {
    const storage = new MemoryStorage();
    const recent = await insertCar(t.db, { status: 'pending', created: new Date() });
    const result = await removeIncompleteAds(t.db, storage);
    expect(result.removedAds.includes(recent)).toBe(t.db.engine === 'pglite');
    await removeIncompleteAds(t.db, storage, { pendingGraceMs: 0 });
  });

  it('leaves foreign file names alone and calls the store’s temporary-file cleanup', async () => {
    const storage = new MemoryStorage();
    let cleaned = 0;
    Object.assign(storage, {
      removeTemporaryFiles: async () => {
        cleaned++;
        return 3;
      },
    });
    storage.files.set('README.txt', { data: Buffer.from('x'), contentType: 'text/plain' });
    const result = await removeIncompleteAds(t.db, storage);
    expect(cleaned).toBe(1);
    expect(result.removedTemporaryFiles).toBe(3);
    expect(storage.keys()).toEqual(['README.txt']);
  });
});
