// Kills the inventory (SIGKILL) while ads are being uploaded, restarts it and checks that only complete
// ads remain, each with every photo readable, and no stray files. PGlite only: it is the crash-prone
// embedded case (on PostgreSQL the same code runs, with another replica's grace period).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportJWK } from 'jose';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@bilmarknaden/db/database';
import type { CarListItem } from '@bilmarknaden/shared/api-types';
import { adFields, BASE, createTokenKit, multipart, photo } from './inventory-helpers.ts';

const script = fileURLToPath(new URL('./crash-server.ts', import.meta.url));
const children: ChildProcess[] = [];
let dir = '';

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

function start(jwk: string, extra: string[] = []): Promise<{ child: ChildProcess; port: number; output: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir, ...extra], {
    env: { ...process.env, INVENTORY_TEST_JWK: jwk, PUT_DELAY_MS: '60' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      for (const line of d.toString().split('\n').filter(Boolean)) {
        output.push(line);
        const m = /^READY (\d+)$/.exec(line);
        if (m) resolve({ child, port: Number(m[1]), output });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${err}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));

// A real process on PGlite: runs once (not an *.int.test.ts file, so not in the PostgreSQL leg).
describe('a crash during uploads', () => {
  it('leaves after restart only complete ads with all their photos', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'inventory-crash-'));
    const tokens = await createTokenKit();
    const jwk = JSON.stringify(await exportJWK(tokens.publicKey));
    const headers = { authorization: `Bearer ${await tokens.sign('krasch')}` };
    const photos = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => photo('jpeg', { r: 40 * i, g: 100, b: 200 - 30 * i }, { width: 320, height: 240 })),
    );

    const first = await start(jwk);
    const url = `http://127.0.0.1:${first.port}${BASE}`;
    const upload = async () => {
      const body = multipart(
        adFields(),
        photos.map((data) => ({ data })),
      );
      const res = await fetch(`${url}/001/1001`, {
        method: 'POST',
        headers: { ...headers, ...body.headers },
        body: body.payload,
      });
      return { status: res.status, body: (await res.json()) as { id: number } };
    };
    // A first ad completes; then a wave of uploads is cut short by the kill.
    const done = await upload();
    expect(done.status).toBe(201);
    const wave = Array.from({ length: 6 }, (_, i) =>
      new Promise((r) => setTimeout(r, i * 60)).then(upload).catch(() => null),
    );
    // Kill as soon as another ad has some of its photos on disk (its row is pending, later photos not written).
    const deadline = Date.now() + 30_000;
    for (;;) {
      const names = await readdir(path.join(dir, 'files'));
      if (names.some((f) => /^\d+-\d/.test(f) && !f.startsWith(`${done.body.id}-`))) break;
      if (Date.now() > deadline) throw new Error('no upload started');
      await new Promise((r) => setTimeout(r, 5));
    }
    first.child.kill('SIGKILL');
    await exited(first.child);
    const answered = (await Promise.all(wave)).filter((r) => r?.status === 201).map((r) => r!.body.id);
    const filesAfterKill = [
      ...(await readdir(path.join(dir, 'files'))).filter((f) => f !== '.tmp'),
      ...(await readdir(path.join(dir, 'files', '.tmp'))),
    ];

    const second = await start(jwk, ['--cleanup']);
    const cleanupLine = second.output.find((l) => l.startsWith('CLEANUP '));
    expect(cleanupLine).toBeDefined();
    const ads = (await (
      await fetch(`http://127.0.0.1:${second.port}${BASE}/001/2003?start=0&end=100`)
    ).json()) as CarListItem[];
    const ids = new Set(ads.map((a) => a.id));
    // Every ad the client was told about survived; every listed ad is complete.
    expect(ids.has(done.body.id)).toBe(true);
    for (const id of answered) expect(ids.has(id)).toBe(true);
    // Photos are written into files/.tmp and renamed into place: after the cleanup nothing is left there.
    expect(await readdir(path.join(dir, 'files', '.tmp'))).toEqual([]);
    const files = (await readdir(path.join(dir, 'files'))).filter((f) => f !== '.tmp').sort();
    for (const ad of ads) {
      expect(ad.imageCount).toBe(5);
      for (let n = 1; n <= 5; n++) {
        for (const name of [`${ad.id}-1-${n}.jpeg`, `${ad.id}-1-${n}-card.jpeg`]) {
          expect(files).toContain(name);
          const meta = await sharp(await readFile(path.join(dir, 'files', name))).metadata();
          expect(meta.format).toBe('jpeg');
        }
      }
    }
    // Nothing else is left: no file of an incomplete ad, no temporary file.
    expect(files).toHaveLength(ads.length * 10);
    // The kill landed mid-upload at least sometimes: the test shows a cleanup, not only a clean stop.
    const removed = JSON.parse(cleanupLine!.slice('CLEANUP '.length)) as { removedAds: number[]; fileRemovals: number };
    expect(filesAfterKill.length).toBeGreaterThan(files.length);
    expect(removed.removedAds.length).toBeGreaterThanOrEqual(1);

    second.child.kill('SIGTERM');
    await exited(second.child);
    const db = await openDatabase({ dataDir: path.join(dir, 'db') });
    try {
      const pending = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM inventory.cars WHERE status = 'pending'`,
      );
      expect(pending.rows[0]!.n).toBe(0);
      const total = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM inventory.cars');
      expect(total.rows[0]!.n).toBe(ads.length);
    } finally {
      await db.close();
    }
    console.log(
      `crash test: ${ads.length} complete ads kept, ${removed.removedAds.length} pending ads removed, ${removed.fileRemovals} file removals settled`,
    );
  }, 120_000);
});
