// SIGKILL of the default process at random moments during 40 ad creations with photos (4 at a time, each
// followed by a save), restarts, and then: every ad is complete with all its photos readable, or absent
// with no file left; nothing pending; no saved entry points to a missing ad. PGlite only (the embedded
// case, where the process holds the database), killed repeatedly.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@bilmarknaden/db/database';
import { fakeWebDist, migratedDataDir } from '../helpers.ts';
import { freePort, killServers, startServer, waitHealthy } from '../server-process.ts';
import { adFields, multipart, photo, registration } from './security-helpers.ts';

afterAll(killServers);

const ADS = 40;
const CONCURRENCY = 4;
const MAX_KILLS = 2;

/** A small deterministic generator, so a failing run can be repeated with the seed it prints. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The default process on this folder, healthy; fails at once with its output when it exits while starting. */
async function boot(dataDir: string, webDist: string) {
  const port = await freePort();
  const server = startServer({ PORT: String(port), LOG_LEVEL: 'error', DATA_DIR: dataDir, WEB_DIST: webDist });
  const exitedEarly = server.exited.then(() => {
    throw new Error(`server exited: ${server.output()}`);
  });
  exitedEarly.catch(() => undefined); // a kill later in the test is expected
  await Promise.race([waitHealthy(port), exitedEarly]);
  return { child: server.child, exited: server.exited, url: `http://127.0.0.1:${port}` };
}

describe('SIGKILL during ad creations', () => {
  it(`leaves only whole ads after ${MAX_KILLS} kills during ${ADS} creations`, async () => {
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);
    const rnd = random(seed);
    const dataDir = migratedDataDir();
    const webDist = fakeWebDist();
    const photos = await Promise.all(
      [0, 1, 2].map((i) => photo('jpeg', { r: 60 * i, g: 90, b: 200 - 50 * i }, { width: 400, height: 300 })),
    );

    let server = await boot(dataDir, webDist);
    const user = registration('krasch');
    const token = await (
      await fetch(`${server.url}/api/identity/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(user),
      })
    ).text();
    const headers = { authorization: `Bearer ${token}` };

    let attempted = 0;
    let interrupted = 0;
    const confirmed = new Set<number>();
    const savedConfirmed = new Set<number>();
    let kills = 0;
    while (attempted < ADS) {
      const url = server.url;
      const killing = kills < MAX_KILLS;
      let alive = true;
      // Each round is cut by a kill a little after a random creation has started (so photos are in flight),
      // counted in creations rather than time: a fast machine cannot finish the ads before the kills.
      const killAt = killing ? attempted + 5 + Math.floor(rnd() * 20) : Infinity;
      let killer: NodeJS.Timeout | null = null;
      const kill = () => {
        alive = false;
        server.child.kill('SIGKILL');
      };
      const worker = async () => {
        while (alive && attempted < ADS) {
          attempted++;
          if (attempted === killAt) killer = setTimeout(kill, rnd() * 150);
          const count = 1 + Math.floor(rnd() * 3);
          const form = multipart(
            adFields({ title: `Kraschbil ${attempted}` }),
            photos.slice(0, count).map((data) => ({ data })),
          );
          try {
            const res = await fetch(`${url}/api/inventory/001/1001`, {
              method: 'POST',
              headers: { ...form.headers, ...headers },
              body: form.payload,
            });
            expect(res.status).toBe(201);
            const id = ((await res.json()) as { id: number }).id;
            confirmed.add(id);
            const saved = await fetch(`${url}/api/inventory/001/3001?carid=${id}`, { method: 'POST', headers });
            if (saved.ok) savedConfirmed.add(id);
          } catch (err) {
            if (alive) throw err;
            interrupted++;
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      if (killing) {
        if (killer) clearTimeout(killer);
        if (alive) kill(); // the round ended before the timer fired: kill now
        await server.exited;
        kills++;
        server = await boot(dataDir, webDist); // the start-up cleanup runs here
      }
    }
    server.child.kill('SIGTERM');
    await server.exited;

    const db = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const cars = (
        await db.query<{ id: number; status: string; image_count: number }>(
          'SELECT id, status, image_count FROM inventory.cars ORDER BY id',
        )
      ).rows;
      expect(cars.filter((c) => c.status !== 'active')).toEqual([]);
      // Temporary files live in files/.tmp while written: none may be left.
      expect(await readdir(path.join(dataDir, 'files', '.tmp')).catch(() => [])).toEqual([]);
      const files = (await readdir(path.join(dataDir, 'files'))).filter((f) => f !== '.tmp');
      const expected = cars.flatMap((c) =>
        Array.from({ length: c.image_count }, (_, i) => [
          `${c.id}-1-${i + 1}.jpeg`,
          `${c.id}-1-${i + 1}-card.jpeg`,
        ]).flat(),
      );
      // Exactly the photos of the complete ads: no orphan, no temporary file, none missing.
      expect(files.sort()).toEqual(expected.sort());
      for (const c of cars) expect(c.image_count, `ad ${c.id}`).toBeGreaterThanOrEqual(1);
      for (const name of expected) {
        const meta = await sharp(await readFile(path.join(dataDir, 'files', name))).metadata();
        expect(meta.format, name).toBe('jpeg');
      }
      // Every ad the client was told about survived, with its save.
      const ids = new Set(cars.map((c) => c.id));
      for (const id of confirmed) expect(ids.has(id), `confirmed ad ${id}`).toBe(true);
      const saved = (
        await db.query<{ car_id: number; status: string | null }>(
          `SELECT s.car_id, c.status FROM inventory.saved_cars s LEFT JOIN inventory.cars c ON c.id = s.car_id`,
        )
      ).rows;
      expect(saved.filter((s) => s.status !== 'active')).toEqual([]);
      const savedIds = new Set(saved.map((s) => s.car_id));
      for (const id of savedConfirmed) expect(savedIds.has(id), `saved ad ${id}`).toBe(true);
      console.log(
        `crash (seed ${seed}): ${kills} kills, ${attempted} creations, ${interrupted} cut short, ` +
          `${confirmed.size} confirmed, ${cars.length} ads kept, ${files.length} files`,
      );
      expect(kills).toBe(MAX_KILLS);
      expect(interrupted).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  }, 300_000);
});
