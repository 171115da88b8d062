// One photo replacement or removal per ad at a time (decision 013). Requests are made to overlap by holding one
// in its photo processing or at one of its file writes, at a gate the test opens: no sleeps, no timing.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { joinPhotoBytes, processImage, type ProcessedImage } from '../src/images/image-pipeline.ts';
import { photoWritesRepository } from '../src/repositories/photo-writes-repository.ts';
import type { ImageProcessor } from '../src/services/ad-service.ts';
import { PENDING_GRACE_MS, removeIncompleteAds } from '../src/services/startup-cleanup.ts';
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

const BUSY = 'Annonsens bilder sparas just nu. Försök igen om en stund.';

const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');

interface Gate {
  /** Resolves once a call waits at the gate. */
  reached: Promise<void>;
  open(): void;
}
/** Every gate a test made; opened after each test, so a failing one does not leave requests hanging. */
const gates: Array<Gate & { arrive(): void; opened: Promise<void> }> = [];
function newGate() {
  let arrive!: () => void;
  let open!: () => void;
  const g = {
    reached: new Promise<void>((r) => (arrive = r)),
    opened: new Promise<void>((r) => (open = r)),
    arrive: () => arrive(),
    open: () => open(),
  };
  gates.push(g);
  return g;
}
afterEach(() => {
  for (const g of gates.splice(0)) g.open();
});

/** The real pipeline behind a gate, remembering what it produced for each input (by the input's digest). */
function gatedProcessor() {
  const produced = new Map<string, ProcessedImage>();
  let gate: ReturnType<typeof newGate> | null = null;
  let failNext = false;
  const process: ImageProcessor = async (input) => {
    const held = gate;
    if (held) {
      held.arrive();
      await held.opened;
    }
    if (failNext) {
      failNext = false;
      throw new Error('injected processing failure');
    }
    const out = await processImage(input);
    produced.set(digest(joinPhotoBytes(input)), out);
    return out;
  };
  return {
    process,
    produced,
    failOnce: () => (failNext = true),
    /** Holds the processing calls made from now on until `open`; `admitOthers` lets later calls through. */
    hold(): Gate & { admitOthers(): void } {
      const g = newGate();
      gate = g;
      return {
        reached: g.reached,
        admitOthers: () => (gate = null),
        open: () => {
          gate = null;
          g.open();
        },
      };
    },
  };
}

/** The in-memory store, where the next write of one key can be held (a request in the middle of storing). */
class GatedStorage extends MemoryStorage {
  #gate: { key: string; g: ReturnType<typeof newGate> } | null = null;

  holdPut(key: string): Gate {
    const g = newGate();
    this.#gate = { key, g };
    return g;
  }
  override async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const held = this.#gate;
    if (held?.key === key) {
      this.#gate = null;
      held.g.arrive();
      await held.g.opened;
    }
    return super.put(key, data, contentType);
  }
}

const processor = gatedProcessor();
const storage = new GatedStorage();
let t: TestApp;
let owner: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ processImage: processor.process, storage });
  owner = await t.auth('olle');
});
afterAll(() => t.close());

const colours = (seed: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ r: (seed * 53 + i * 31) % 256, g: (seed * 97 + i * 71) % 256, b: 128 }));
const photos = (seed: number, n: number) => Promise.all(colours(seed, n).map((c) => photo('jpeg', c)));

async function put(id: number, files: Buffer[], fields = adFields()) {
  const body = multipart(
    fields,
    files.map((data) => ({ data })),
  );
  const res = await t.app.inject({
    method: 'PUT',
    url: `${BASE}/cars/${id}`,
    payload: body.payload,
    headers: { ...body.headers, ...owner },
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}
async function remove(id: number) {
  const res = await t.app.inject({ method: 'DELETE', url: `${BASE}/cars/${id}`, headers: owner });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}
async function createAd(files: Buffer[]): Promise<number> {
  const body = multipart(
    adFields(),
    files.map((data) => ({ data })),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/001/1001`,
    payload: body.payload,
    headers: { ...body.headers, ...owner },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const filesOf = (id: number) => t.storage.keys().filter((k) => k.startsWith(`${id}-`));
const imageCount = async (id: number) =>
  (await t.db.query<{ image_count: number }>('SELECT image_count FROM inventory.cars WHERE id = $1', [id])).rows[0]
    ?.image_count;
const leases = (id?: number) =>
  id === undefined
    ? countRows(t.db, 'inventory.photo_writes')
    : countRows(t.db, 'inventory.photo_writes', 'car_id = $1', [id]);
/** Another writer's lease on the ad, ending `offset` from now in database time ('1 minute', '-1 second'). */
const leaseOf = (id: number, writer: string, offset: string) =>
  t.db.query(`INSERT INTO inventory.photo_writes (car_id, writer, until) VALUES ($1, $2, now() + $3::interval)`, [
    id,
    writer,
    offset,
  ]);
/** As if the ad's lease had run out: its holder was held up beyond it, or crashed. */
const expireLease = (id: number) =>
  t.db.query(`UPDATE inventory.photo_writes SET until = now() - interval '1 second' WHERE car_id = $1`, [id]);

/** The ad's stored photos are exactly what the processor produced for these inputs, in order. */
async function expectPhotosOf(id: number, inputs: Buffer[]) {
  expect(await imageCount(id)).toBe(inputs.length);
  const expected = inputs.flatMap((input, i) => {
    const out = processor.produced.get(digest(input));
    expect(out, `photo ${i + 1} was processed`).toBeDefined();
    return [
      [`${id}-${i + 1}.jpeg`, out!.full],
      [`${id}-${i + 1}-card.jpeg`, out!.card],
    ] as const;
  });
  expect(filesOf(id)).toEqual(expected.map(([k]) => k).sort());
  for (const [key, data] of expected) expect(t.storage.files.get(key)!.data.equals(data), key).toBe(true);
}

describe('photo-write lease', () => {
  it('two photo PUTs on one ad at once: one 204, one 409; the photos are all the winner’s', async () => {
    const id = await createAd(await photos(1, 3));
    const first = await photos(2, 2);
    const second = await photos(3, 4);
    const gate = processor.hold();
    const winning = put(id, first);
    await gate.reached; // the first holds the lease and is processing its photos
    gate.admitOthers();
    const losing = await put(id, second);
    expect(losing).toEqual({ status: 409, body: { message: BUSY } });
    gate.open();
    expect((await winning).status).toBe(204);

    await expectPhotosOf(id, first);
    for (const input of second) expect(processor.produced.has(digest(input))).toBe(false);
    expect(await leases()).toBe(0);
    // The next PUT is not refused.
    const next = await photos(4, 1);
    expect((await put(id, next)).status).toBe(204);
    await expectPhotosOf(id, next);
  });

  it('a DELETE during a photo PUT is refused; the ad keeps the PUT’s photos; a later DELETE removes them', async () => {
    const id = await createAd(await photos(5, 2));
    const replacing = await photos(6, 3);
    const gate = processor.hold();
    const updating = put(id, replacing);
    await gate.reached;
    expect(await remove(id)).toEqual({ status: 409, body: { message: BUSY } });
    gate.open();
    expect((await updating).status).toBe(204);
    await expectPhotosOf(id, replacing);

    expect((await remove(id)).status).toBe(204);
    expect(await countRows(t.db, 'inventory.cars', 'id = $1', [id])).toBe(0);
    expect(filesOf(id)).toEqual([]);
    expect(await leases(id)).toBe(0);
  });

  it('while a photo PUT is storing its photos another is refused: the stored photos are never a mix', async () => {
    const id = await createAd(await photos(30, 3));
    const first = await photos(31, 2);
    const second = await photos(32, 4);
    const gate = storage.holdPut(`${id}-2.jpeg`);
    const winning = put(id, first);
    await gate.reached; // its photo 1 is stored, photo 2 on its way
    expect(await put(id, second)).toEqual({ status: 409, body: { message: BUSY } });
    gate.open();
    expect((await winning).status).toBe(204);
    await expectPhotosOf(id, first);
    expect(await leases(id)).toBe(0);
  });

  it('a DELETE while a photo PUT is storing its photos is refused; the ad and its photos stay whole', async () => {
    const id = await createAd(await photos(33, 2));
    const replacing = await photos(34, 3);
    const gate = storage.holdPut(`${id}-3.jpeg`);
    const updating = put(id, replacing);
    await gate.reached;
    expect(await remove(id)).toEqual({ status: 409, body: { message: BUSY } });
    gate.open();
    expect((await updating).status).toBe(204);
    await expectPhotosOf(id, replacing);
    expect((await remove(id)).status).toBe(204);
    expect(filesOf(id)).toEqual([]);
  });

  it('is released after a failed PUT: a processor error (500) and a refused photo (400)', async () => {
    const id = await createAd(await photos(7, 2));
    processor.failOnce();
    expect((await put(id, await photos(8, 2))).status).toBe(500);
    expect(await leases(id)).toBe(0);
    const refused = await put(id, [...(await photos(9, 1)), Buffer.from('inte en bild')]);
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('images');
    expect(await leases(id)).toBe(0);
    const next = await photos(10, 3);
    expect((await put(id, next)).status).toBe(204);
    await expectPhotosOf(id, next);
  });

  it('is released after a storage failure while writing (the old photos are put back)', async () => {
    const original = await photos(11, 2);
    const id = await createAd(original);
    t.storage.failPutOn = (key) => key === `${id}-3.jpeg`;
    try {
      expect((await put(id, await photos(12, 3))).status).toBe(500);
    } finally {
      t.storage.failPutOn = null;
    }
    await expectPhotosOf(id, original);
    expect(await leases(id)).toBe(0);
    expect((await remove(id)).status).toBe(204);
  });

  it('a lease held elsewhere refuses PUT and DELETE and stays; once expired it does not block', async () => {
    const original = await photos(13, 1);
    const id = await createAd(original);
    const other = randomUUID();
    await leaseOf(id, other, '1 minute');
    expect(await put(id, await photos(14, 1))).toEqual({ status: 409, body: { message: BUSY } });
    expect(await remove(id)).toEqual({ status: 409, body: { message: BUSY } });
    const held = await t.db.query<{ writer: string }>('SELECT writer FROM inventory.photo_writes WHERE car_id = $1', [
      id,
    ]);
    expect(held.rows.map((r) => r.writer)).toEqual([other]);
    await expectPhotosOf(id, original);

    await expireLease(id);
    const next = await photos(15, 2);
    expect((await put(id, next)).status).toBe(204);
    await expectPhotosOf(id, next);
    expect(await leases(id)).toBe(0);

    await leaseOf(id, other, '-1 second');
    expect((await remove(id)).status).toBe(204);
    expect(filesOf(id)).toEqual([]);
    expect(await leases(id)).toBe(0);
  });

  it('a writer whose expired lease was taken over stops before touching any file', async () => {
    const id = await createAd(await photos(16, 2));
    const stale = await photos(17, 3);
    const gate = processor.hold();
    const late = put(id, stale);
    await gate.reached;
    gate.admitOthers();
    // As if the first request had been held up beyond the lease: another request takes the ad over.
    await expireLease(id);
    const current = await photos(18, 1);
    expect((await put(id, current)).status).toBe(204);
    gate.open();
    expect(await late).toEqual({ status: 409, body: { message: BUSY } });
    await expectPhotosOf(id, current);
    expect(await leases(id)).toBe(0);
  });

  it('a PUT without photos during a photo PUT is not refused', async () => {
    const id = await createAd(await photos(19, 2));
    const replacing = await photos(20, 1);
    const gate = processor.hold();
    const updating = put(id, replacing);
    await gate.reached;
    expect((await put(id, [], adFields({ title: 'Bara fälten ändras' }))).status).toBe(204);
    gate.open();
    expect((await updating).status).toBe(204);
    await expectPhotosOf(id, replacing);
  });

  it('another ad is not affected', async () => {
    const busy = await createAd(await photos(21, 1));
    const other = await createAd(await photos(22, 1));
    const gone = await createAd(await photos(23, 1));
    const gate = processor.hold();
    const updating = put(busy, await photos(24, 2));
    await gate.reached;
    gate.admitOthers();
    const otherPhotos = await photos(25, 2);
    expect((await put(other, otherPhotos)).status).toBe(204);
    await expectPhotosOf(other, otherPhotos);
    expect((await remove(gone)).status).toBe(204);
    expect(await leases(busy)).toBe(1);
    gate.open();
    expect((await updating).status).toBe(204);
    expect(await leases()).toBe(0);
  });

  it('the OpenAPI document lists the 409 of PUT and DELETE /cars/{id}', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${BASE}/docs/json` })).json();
    const path = doc.paths['/api/inventory/cars/{id}'];
    expect(Object.keys(path.put.responses)).toContain('409');
    expect(Object.keys(path.delete.responses)).toContain('409');
  });
});

describe('photoWritesRepository', () => {
  it('claims, refuses a live lease, renews and releases only its own; a missing ad cannot be leased', async () => {
    const repo = photoWritesRepository(t.db);
    const id = await insertCar(t.db, { username: 'olle' });
    const [a, b] = [randomUUID(), randomUUID()];
    expect(await repo.claim(id, a, 60_000)).toBe('claimed');
    expect(await repo.claim(id, b, 60_000)).toBe('busy');
    await repo.release(id, b); // not b's: stays
    expect(await leases(id)).toBe(1);
    expect(await repo.renew(id, a, 60_000)).toBe(true);
    expect(await repo.renew(id, b, 60_000)).toBe(false);
    await repo.release(id, a);
    expect(await leases(id)).toBe(0);
    expect(await repo.renew(id, a, 60_000)).toBe(false);
    expect(await repo.claim(2_000_000_000, a, 60_000)).toBe('gone');
  });

  it('goes with the ad’s row', async () => {
    const id = await insertCar(t.db, { username: 'olle' });
    expect(await photoWritesRepository(t.db).claim(id, randomUUID(), 60_000)).toBe('claimed');
    await t.db.query('DELETE FROM inventory.cars WHERE id = $1', [id]);
    expect(await leases(id)).toBe(0);
  });

  it('at start: every lease without a grace period (no other process), only expired ones with it', async () => {
    const repo = photoWritesRepository(t.db);
    const live = await insertCar(t.db, { username: 'olle' });
    const expired = await insertCar(t.db, { username: 'olle' });
    await repo.claim(live, randomUUID(), 60_000);
    await repo.claim(expired, randomUUID(), 60_000);
    await expireLease(expired);
    const withGrace = await removeIncompleteAds(t.db, t.storage, { pendingGraceMs: PENDING_GRACE_MS });
    expect(withGrace.releasedPhotoWrites).toBe(1);
    expect(await leases(live)).toBe(1);
    expect(await leases(expired)).toBe(0);
    const alone = await removeIncompleteAds(t.db, t.storage, { pendingGraceMs: 0 });
    expect(alone.releasedPhotoWrites).toBe(1);
    expect(await leases()).toBe(0);
  });
});
