// CPU time of ingesting one ad's photos: 8 phone photos of 12 megapixels through the server's own pipeline
// (check, decode, re-encode full and card variants), in this process, timed with process.cpuUsage (all threads).
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { processImage } from '@bilmarknaden/inventory/images/image-pipeline';
import { makePhonePhoto } from './photos.ts';

export const PHOTO_CACHE = path.join(os.tmpdir(), 'bilmarknaden-bench', 'photos');

/** The 8 test photos, generated once and kept in the temp folder (generating takes seconds each). */
export async function phonePhotos(count = 8): Promise<Buffer[]> {
  await mkdir(PHOTO_CACHE, { recursive: true });
  const photos: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(PHOTO_CACHE, `phone-12mp-v2-${i}.jpeg`);
    if (!existsSync(file)) await writeFile(file, await makePhonePhoto(i));
    photos.push(await readFile(file));
  }
  return photos;
}

export interface IngestResult {
  photos: number;
  inputBytes: number[];
  /** CPU seconds (user + system, every thread of the process) for the 8 photos; best of the runs. */
  cpuSeconds: number;
  cpuSecondsRuns: number[];
  wallSeconds: number;
  fullBytes: number[];
  cardBytes: number[];
}

export async function measureIngest(runs = 3): Promise<IngestResult> {
  const photos = await phonePhotos(8);
  await processImage(photos[0]!); // loads libvips and its codecs outside the measurement
  const cpuRuns: number[] = [];
  let wall = Infinity;
  let out: Awaited<ReturnType<typeof processImage>>[] = [];
  for (let r = 0; r < runs; r++) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    // As an upload is processed: all 8 handed to the pipeline, whose limiter decides how many run at once.
    out = await Promise.all(photos.map((p) => processImage(p)));
    const cpu = process.cpuUsage(cpu0);
    wall = Math.min(wall, (performance.now() - t0) / 1000);
    cpuRuns.push((cpu.user + cpu.system) / 1e6);
  }
  return {
    photos: photos.length,
    inputBytes: photos.map((p) => p.length),
    cpuSeconds: Math.min(...cpuRuns),
    cpuSecondsRuns: cpuRuns,
    wallSeconds: wall,
    fullBytes: out.map((o) => o.full.length),
    cardBytes: out.map((o) => o.card.length),
  };
}
