// The default process with its default settings hands photos to the photo worker pool: child processes of
// this one at nice 19, ended with the app. PHOTO_WORKERS=0 keeps them in process.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '@bilmarknaden/shared/validation/images';
import {
  adFields,
  buildSecureApp,
  multipart,
  photo,
  registerUser,
  type SecureApp,
} from './security/security-helpers.ts';

const linux = process.platform === 'linux';

/** This process's children that run the photo worker, with their nice value (Linux /proc). */
function photoWorkerChildren(): Array<{ pid: number; nice: number }> {
  const found: Array<{ pid: number; nice: number }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== process.pid) continue;
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('photo-worker')) continue;
      found.push({ pid: Number(entry), nice: Number(fields[16]) });
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

let t: SecureApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function postAd(app: SecureApp, files: Buffer[]) {
  const user = await registerUser(app.app, 'fotograf');
  const form = multipart(
    adFields(),
    files.map((data) => ({ data })),
  );
  return app.app.inject({
    method: 'POST',
    url: '/api/inventory/001/1001',
    payload: form.payload,
    headers: { ...form.headers, ...user.headers },
  });
}

describe('photos through the photo workers (default settings)', () => {
  it('creates an ad with photos processed by child processes at nice 19, which end with the app', async () => {
    // The default priority, which the other tests lower for a busy machine.
    t = await buildSecureApp({ PHOTO_WORKER_PRIORITY: 'idle' });
    expect(t.settings.photoWorkers).toBeGreaterThan(0);
    const photos = await Promise.all([
      sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c33' } })
        .jpeg()
        .toBuffer(),
      photo('png', { r: 20, g: 160, b: 40 }, { width: 800, height: 600 }),
      photo('webp', { r: 20, g: 40, b: 200 }),
    ]);
    const res = await postAd(t, photos);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();

    const detail = await t.app.inject(`/api/inventory/001/2001?carid=${id}`);
    expect(detail.statusCode).toBe(200);
    const files = readdirSync(t.filesDir).filter((f) => f.startsWith(`${id}-`));
    expect(files.length).toBe(6); // full and card of each photo
    const first = files.find((f) => f === `${id}-1-1.jpeg`)!;
    expect(await sharp(path.join(t.filesDir, first)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1600,
      height: 1067,
    });

    if (linux) {
      const workers = photoWorkerChildren();
      expect(workers.length).toBeGreaterThan(0);
      expect(workers.length).toBeLessThanOrEqual(t.settings.photoWorkers);
      expect(workers.every((w) => w.nice === 19)).toBe(true);
      await t.close();
      t = undefined;
      expect(photoWorkerChildren()).toEqual([]);
    }
  }, 60_000);

  it('answers 400 {message, field} for a file that is not a photo, as in process', async () => {
    t = await buildSecureApp();
    const jpeg = await photo('jpeg');
    for (const bad of [Buffer.from('ingen bild'), jpeg.subarray(0, jpeg.length - 10)]) {
      const res = await postAd(t, [jpeg, bad]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: IMAGE_MESSAGES.notAnImage, field: 'images' });
    }
  }, 60_000);

  it.runIf(linux)(
    'PHOTO_WORKERS=0 processes photos in the server process',
    async () => {
      t = await buildSecureApp({ PHOTO_WORKERS: '0' });
      const res = await postAd(t, [await photo('jpeg')]);
      expect(res.statusCode, res.body).toBe(201);
      expect(photoWorkerChildren()).toEqual([]);
    },
    60_000,
  );
});
