// The photo worker pool with real child processes: the same results and refusals as the in-process pipeline,
// the workers' CPU priority, crashes, time-outs, close() and a dying server.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CARD_IMAGE_MAX_BYTES,
  IMAGE_LONG_EDGE,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
} from '@bilmarknaden/shared/constants';
import { IMAGE_MESSAGES } from '@bilmarknaden/shared/validation/images';
import { ImageRejectedError, processImage as processInProcess } from './image-pipeline.ts';
import { createPhotoWorkerPool, type PhotoWorkerPool } from './photo-worker-pool.ts';
import type { PhotoWorkerPriority } from './photo-worker-priority.ts';

// Each test starts worker processes through tsx: on a loaded two-core machine a start can take most of the default
// 30 s, which is a wait, not what these tests judge.
vi.setConfig({ testTimeout: 90_000 });

const linux = process.platform === 'linux';
const ownPriority = os.getPriority();

function noisy(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  });
}

const pools: PhotoWorkerPool[] = [];
/** Normal priority unless asked: the suite keeps the cores busy, where idle-class workers would wait for one. */
function pool(
  options: {
    size?: number;
    jobTimeoutMs?: number;
    serverBusy?: (() => number) | false;
    priority?: PhotoWorkerPriority;
  } = {},
): PhotoWorkerPool {
  const p = createPhotoWorkerPool({
    size: options.size ?? 1,
    jobTimeoutMs: options.jobTimeoutMs,
    serverBusy: options.serverBusy,
    priority: options.priority ?? 'normal',
  });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

/** A field of the stat of every thread of a process, from /proc (19: nice, 41: scheduling policy). */
function threadStat(pid: number, field: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[field - 3]);
  });
}
const SCHED_IDLE = 5;
const hasChrt = (() => {
  try {
    execFileSync('chrt', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let photo: Buffer;
let small: Buffer;
let big: Buffer;
beforeAll(async () => {
  // A photo above the long edge with EXIF orientation (rotated by the pipeline), in many 64 KB reads. The
  // pipeline's own tests take a 12 MP one; here each worker start would pay for its size again.
  photo = await noisy(2000, 1500).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
  // Where a photo only starts a worker or shows that it works.
  small = await noisy(640, 480).jpeg().toBuffer();
  // Slow enough that a worker can be caught processing it: 49 MP of PNG (no shrink-on-load), a small file.
  big = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#456' } })
    .png()
    .toBuffer();
}, 60_000);

describe('photo worker pool: results', () => {
  // One worker for the photos one at a time: each result is compared with the in-process pipeline's.
  let p: PhotoWorkerPool;
  beforeAll(() => {
    p = createPhotoWorkerPool({ size: 1, priority: 'normal' });
  });
  afterAll(() => p.close());

  it('gives what the in-process pipeline gives: JPEG, long edge ≤ 1600 px, card ≤ 30 KB', async () => {
    const [viaPool, inProcess] = await Promise.all([p.processImage(photo), processInProcess(photo)]);
    expect(Buffer.isBuffer(viaPool.full)).toBe(true);
    expect(Buffer.isBuffer(viaPool.card)).toBe(true);
    const full = await sharp(viaPool.full).metadata();
    expect(full).toMatchObject({ format: 'jpeg', width: 1200, height: IMAGE_LONG_EDGE, space: 'srgb' });
    expect(full.exif).toBeUndefined();
    expect(full.orientation).toBeUndefined();
    const card = await sharp(viaPool.card).metadata();
    expect(card.format).toBe('jpeg');
    expect(Math.max(card.width!, card.height!)).toBeLessThanOrEqual(480);
    expect(viaPool.card.length).toBeLessThanOrEqual(CARD_IMAGE_MAX_BYTES);
    // The same code on the same bytes: the same bytes out.
    expect(viaPool.full.equals(inProcess.full)).toBe(true);
    expect(viaPool.card.equals(inProcess.card)).toBe(true);
  });

  it('takes a photo in the chunks an upload arrives in, however it is cut, with the same bytes out', async () => {
    const whole = await p.processImage(photo);
    // As an upload arrives (64 KB reads), and cut so small that the magic bytes span chunks.
    const reads = Array.from({ length: Math.ceil(photo.length / 65_536) }, (_, i) =>
      photo.subarray(i * 65_536, (i + 1) * 65_536),
    );
    const tiny = [photo.subarray(0, 1), photo.subarray(1, 2), photo.subarray(2, 5000), photo.subarray(5000)];
    for (const chunks of [reads, tiny]) {
      const [viaPool, inProcess] = await Promise.all([p.processImage(chunks), processInProcess(chunks)]);
      expect(viaPool.full.equals(whole.full)).toBe(true);
      expect(viaPool.card.equals(whole.card)).toBe(true);
      expect(inProcess.full.equals(whole.full)).toBe(true);
    }
  });

  it('takes a photo of almost 10 MB whole, and photos one after the other', async () => {
    // A real JPEG padded with comment segments to just under the upload limit.
    const base = await noisy(640, 480).jpeg().toBuffer();
    const segments: Buffer[] = [];
    let total = base.length;
    while (total + 4 < MAX_IMAGE_BYTES - 1000) {
      const payload = Math.min(65_533, MAX_IMAGE_BYTES - 1000 - total - 4);
      const segment = Buffer.alloc(4 + payload, 0x41);
      segment.writeUInt16BE(0xfffe, 0);
      segment.writeUInt16BE(payload + 2, 2);
      segments.push(segment);
      total += segment.length;
    }
    const padded = Buffer.concat([base.subarray(0, 2), ...segments, base.subarray(2)]);
    expect(padded.length).toBeGreaterThan(MAX_IMAGE_BYTES - 2000);
    const [large, lone, again] = await Promise.all([
      p.processImage(padded),
      p.processImage(base),
      p.processImage(padded),
    ]);
    for (const r of [large, lone, again]) expect((await sharp(r.full).metadata()).width).toBe(640);
    expect(large.full.equals(again.full)).toBe(true);
  });

  it('processes many photos with a few workers, each started on demand', async () => {
    const two = pool({ size: 2 });
    expect(two.pids()).toEqual([]);
    const png = await noisy(800, 600).png().toBuffer();
    const results = await Promise.all(Array.from({ length: 6 }, () => two.processImage(png)));
    expect(results).toHaveLength(6);
    for (const r of results) expect((await sharp(r.full).metadata()).width).toBe(800);
    expect(two.pids().length).toBeLessThanOrEqual(2);
  });
});

describe('photo worker pool: photos yield to a busy server', () => {
  it('a worker rests between photos while the server thread is busy, and goes straight on when it is not', async () => {
    const medium = await noisy(1200, 900).jpeg().toBuffer();
    for (const [busy, waitingAfterFirst] of [
      [0.9, 1],
      [0.1, 0],
    ] as const) {
      const calls: number[] = [];
      const p = pool({ serverBusy: () => (calls.push(busy), busy) });
      const [first, second] = [p.processImage(medium), p.processImage(medium)];
      await first;
      // Busy: the second photo still waits for the resting worker; quiet: it was sent as the first came back.
      expect(p.queued(), `busy ${busy}`).toBe(waitingAfterFirst);
      expect((await sharp((await second).full).metadata()).width).toBe(1200);
      expect(calls.length).toBeGreaterThan(0);
    }
  });

  it('a lone photo never waits, however busy the server is', async () => {
    const p = pool({ serverBusy: () => 1 });
    await p.processImage(small);
    expect(p.queued()).toBe(0);
    const next = p.processImage(small);
    // Nothing was queued when the first ended, so the worker did not rest: the next photo is sent at once.
    expect(p.queued()).toBe(0);
    await next;
  });
});

describe('photo worker pool: refused files', () => {
  let jpeg: Buffer;
  // One pool for every refusal: a refused photo leaves its worker ready for the next.
  let refusing: PhotoWorkerPool;
  beforeAll(async () => {
    jpeg = await noisy(400, 300).jpeg().toBuffer();
    refusing = createPhotoWorkerPool({ size: 1, priority: 'normal' });
  });
  afterAll(() => refusing.close());

  const cases: Array<[string, () => Buffer, string]> = [
    ['a text file', () => Buffer.from('Det här är ingen bild.\n'), IMAGE_MESSAGES.notAnImage],
    [
      'an SVG with a script',
      () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      IMAGE_MESSAGES.notAnImage,
    ],
    ['an empty file', () => Buffer.alloc(0), IMAGE_MESSAGES.notAnImage],
    ['a truncated JPEG', () => jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), IMAGE_MESSAGES.notAnImage],
    [
      'a JPEG with HTML appended',
      () => Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script>')]),
      IMAGE_MESSAGES.notAnImage,
    ],
    [
      'a JPEG whose header is above the pixel limit',
      () => {
        const over = Buffer.from(jpeg);
        const sof = over.indexOf(Buffer.from([0xff, 0xc0]));
        over.writeUInt16BE(Math.floor(MAX_IMAGE_PIXELS / 10_000) + 1, sof + 5);
        over.writeUInt16BE(10_000, sof + 7);
        return over;
      },
      IMAGE_MESSAGES.tooManyPixels,
    ],
  ];

  it.each(cases)('refuses %s with the same Swedish message as in process', async (_name, make, message) => {
    const viaPool = await failure(refusing.processImage(make()));
    const inProcess = await failure(processInProcess(make()));
    expect(viaPool).toBeInstanceOf(ImageRejectedError);
    expect(inProcess).toBeInstanceOf(ImageRejectedError);
    expect(viaPool.message).toBe(message);
    expect(inProcess.message).toBe(message);
    expect((viaPool as ImageRejectedError).field).toBe('images');
  });

  it('refuses a file that is not an image in this process, without starting a worker', async () => {
    const p = pool();
    await failure(p.processImage(Buffer.from('<?xml version="1.0"?><svg/>')));
    // In chunks too: an empty upload, text behind a first chunk of one byte, and more than 10 MB.
    expect((await failure(p.processImage([]))).message).toBe(IMAGE_MESSAGES.notAnImage);
    expect((await failure(p.processImage([Buffer.from('<'), Buffer.from('svg/>')]))).message).toBe(
      IMAGE_MESSAGES.notAnImage,
    );
    const over = [photo.subarray(0, 3), Buffer.alloc(MAX_IMAGE_BYTES)];
    expect((await failure(p.processImage(over))).message).toBe(IMAGE_MESSAGES.tooLarge);
    expect(p.pids()).toEqual([]);
  });
});

describe.runIf(linux)('photo worker pool: CPU priority', () => {
  it('runs every thread of a worker at nice 19 in the idle class, those started for photo work included', async () => {
    const p = pool({ priority: 'idle' });
    // A small photo: an idle-class worker gets a core only when one is free, and the suite keeps them busy.
    await p.processImage(await noisy(800, 600).jpeg().toBuffer());
    const [pid] = p.pids();
    expect(os.getPriority(pid!)).toBe(19);
    const nice = threadStat(pid!, 19);
    // V8's threads, libuv's pool and libvips' threads: all of them at 19.
    expect(nice.length).toBeGreaterThan(4);
    expect(new Set(nice)).toEqual(new Set([19]));
    // ... and in the idle scheduling class where chrt is there (Debian: util-linux).
    if (hasChrt) expect(new Set(threadStat(pid!, 41))).toEqual(new Set([SCHED_IDLE]));
    // This process keeps its own priority.
    expect(os.getPriority()).toBe(ownPriority);
  });

  it("runs a worker at the server's own priority when asked for normal priority", async () => {
    const p = pool({ priority: 'normal' });
    await p.processImage(small);
    const [pid] = p.pids();
    expect(new Set(threadStat(pid!, 19))).toEqual(new Set([ownPriority]));
    if (hasChrt) expect(threadStat(pid!, 41)).not.toContain(SCHED_IDLE);
  });
});

describe('photo worker pool: failures', () => {
  it('rejects the photo of a worker killed while processing it (not as a refusal), then works on', async () => {
    const p = pool();
    await p.processImage(small); // the worker is up
    const [first] = p.pids();
    // processImage hands the photo to the idle worker at once; killed in the same tick, the worker cannot have
    // answered it (a wait of 100 ms first was long enough for a fast machine to finish the photo).
    const job = p.processImage(big);
    process.kill(first!, 'SIGKILL');
    const error = await failure(job);
    expect(error).not.toBeInstanceOf(ImageRejectedError);
    expect(error.message).toMatch(/photo worker ended/);
    const next = await p.processImage(small);
    expect((await sharp(next.full).metadata()).format).toBe('jpeg');
    expect(p.pids()).toHaveLength(1);
    expect(p.pids()[0]).not.toBe(first);
  });

  it('finishes the photo when Ctrl-C (SIGINT) or SIGTERM reaches the worker: the server ends it', async () => {
    const p = pool();
    await p.processImage(small);
    const [pid] = p.pids();
    const job = p.processImage(big);
    await new Promise((r) => setTimeout(r, 50));
    process.kill(pid!, 'SIGINT');
    process.kill(pid!, 'SIGTERM');
    expect((await sharp((await job).full).metadata()).width).toBe(IMAGE_LONG_EDGE);
    expect(p.pids()).toEqual([pid]);
  });

  it('kills a worker that takes longer than the time-out and rejects its photo', async () => {
    const p = pool({ jobTimeoutMs: 1 });
    const error = await failure(p.processImage(photo));
    expect(error).not.toBeInstanceOf(ImageRejectedError);
    expect(error.message).toMatch(/took longer than 1 ms/);
    expect(p.pids()).toEqual([]);
  });

  it('close() rejects waiting and running photos and ends the workers', async () => {
    const p = pool({ size: 1 });
    await p.processImage(small);
    const [pid] = p.pids();
    const jobs = [p.processImage(big), p.processImage(small), p.processImage(small)].map(failure);
    await p.close();
    for (const error of await Promise.all(jobs)) expect(error.message).toBe('photo worker pool is closed');
    expect(alive(pid!)).toBe(false);
    expect((await failure(p.processImage(small))).message).toBe('photo worker pool is closed');
  });
});

describe('photo worker pool: the server process ends', () => {
  /** A Node process (through tsx, like the server from source) that uses a pool and prints its workers' pids. */
  function owner(script: string) {
    const poolUrl = new URL('./photo-worker-pool.ts', import.meta.url).href;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { createPhotoWorkerPool } from '${poolUrl}';\n${script}`,
      ],
      { cwd: path.resolve(import.meta.dirname, '../../../..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, exited, output: () => out };
  }
  const photoScript = `
    import sharp from 'sharp';
    const input = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#246' } }).jpeg().toBuffer();
    const pool = createPhotoWorkerPool({ size: 2, priority: 'normal' });
    await Promise.all([pool.processImage(input), pool.processImage(input)]);
    console.log('pids ' + pool.pids().join(','));`;
  const pids = (out: string) => /pids ([\d,]+)/.exec(out)![1]!.split(',').map(Number);

  it('workers exit when the server is killed', async () => {
    const server = owner(`${photoScript}\nsetInterval(() => undefined, 1000);`);
    await until(() => /pids /.test(server.output()), 60_000);
    const workers = pids(server.output());
    expect(workers.length).toBeGreaterThan(0);
    expect(workers.every(alive)).toBe(true);
    server.child.kill('SIGKILL');
    await server.exited;
    await until(() => !workers.some(alive));
  }, 90_000);

  it('idle workers do not keep the server process alive', async () => {
    const server = owner(photoScript); // never calls close()
    expect(await server.exited).toBe(0);
    const workers = pids(server.output());
    await until(() => !workers.some(alive));
  }, 90_000);
});
