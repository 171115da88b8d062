// Hostile uploads to the default process: files that are not what they claim, hostile file names, a
// spoofed Content-Type, an empty file, and 8 × 10 MB from several users at once over loopback while the
// list keeps answering. Runs once (not on both databases): it is about the photo path, not SQL.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@bilmarknaden/shared/constants';
import { pngBomb } from '../../../services/inventory/test/png-bomb.ts';
import {
  adFields,
  buildSecureApp,
  expectWellFormed,
  multipart,
  photo,
  registerUser,
  snapshot,
  type FilePart,
  type SecureApp,
  type TestUser,
} from './security-helpers.ts';

let t: SecureApp;
let users: TestUser[];

beforeAll(async () => {
  t = await buildSecureApp();
  users = [];
  for (const name of ['ladda', 'ladda', 'ladda', 'ladda']) users.push(await registerUser(t.app, name));
}, 60_000);
afterAll(() => t?.close());

const post = async (files: FilePart[], user = users[0]!) => {
  const form = multipart(adFields(), files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inventory/001/1001',
    payload: form.payload,
    headers: { ...form.headers, ...user.headers },
  });
  expectWellFormed(res, 'upload');
  return res;
};

/** A valid JPEG padded with comment segments to `size` bytes: a full 10 MB upload that decodes cheaply. */
async function bigJpeg(size: number, colour = 100): Promise<Buffer> {
  const base = await photo('jpeg', { r: colour, g: 80, b: 160 }, { width: 320, height: 240 });
  const segments: Buffer[] = [];
  let total = base.length;
  while (total + 4 < size) {
    const payload = Math.min(65_533, size - total - 4);
    const seg = Buffer.alloc(4 + payload, 0x41);
    seg.writeUInt16BE(0xfffe, 0);
    seg.writeUInt16BE(payload + 2, 2);
    segments.push(seg);
    total += seg.length;
  }
  return Buffer.concat([base.subarray(0, 2), ...segments, base.subarray(2)]);
}

describe('hostile files are refused by their content, and nothing is stored', () => {
  it('text, SVG, HTML, PDF, executables, polyglots, truncated, GIF, a pixel bomb and an empty file', async () => {
    const jpeg = await photo('jpeg');
    const cases: Record<string, FilePart> = {
      'text named .jpg': { data: Buffer.from('hej, jag är en text'), filename: 'bil.jpg' },
      'SVG with a script': {
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        filename: 'bil.svg',
        contentType: 'image/svg+xml',
      },
      'HTML as PNG': {
        data: Buffer.from('<html><script>alert(document.cookie)</script></html>'),
        contentType: 'image/png',
      },
      PDF: { data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), filename: 'bil.pdf' },
      'Windows executable': { data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), filename: 'bil.exe' },
      'ELF binary': { data: Buffer.concat([Buffer.from('\x7fELF'), Buffer.alloc(200)]), filename: 'bil.jpg' },
      'JPEG with a ZIP appended': {
        data: Buffer.concat([jpeg, Buffer.from('PK\x03\x04'), Buffer.alloc(100, 0x42)]),
      },
      'JPEG with PHP appended': { data: Buffer.concat([jpeg, Buffer.from('<?php system($_GET["c"]); ?>')]) },
      'JPEG magic then HTML': { data: Buffer.concat([jpeg.subarray(0, 3), Buffer.from('<html><script>x</script>')]) },
      'truncated JPEG': { data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
      GIF: {
        data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
          .gif()
          .toBuffer(),
      },
      'PNG pixel bomb (20000 × 20000)': { data: pngBomb(20_000, 20_000), contentType: 'image/png' },
      'empty file': { data: Buffer.alloc(0), filename: 'tom.jpg' },
    };
    const before = await snapshot(t);
    for (const [what, file] of Object.entries(cases)) {
      // Alone, and after a good photo (the good one must not be stored either).
      for (const files of [[file], [{ data: jpeg }, file]]) {
        const res = await post(files);
        expect(res.statusCode, what).toBe(400);
        expect(res.json().field, what).toBe('images');
      }
    }
    expect(await snapshot(t)).toBe(before);
  });

  it('a file over 10 MB answers 413 "Max 10 MB" and stores nothing', async () => {
    const before = await snapshot(t);
    const res = await post([{ data: await bigJpeg(MAX_IMAGE_BYTES + 1) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Max 10 MB', field: 'images' });
    expect(await snapshot(t)).toBe(before);
  });
});

describe('file names and types are never trusted', () => {
  it('../, NUL, absolute and long names: the photo is stored only as {id}-1-{n}.jpeg, nothing else appears', async () => {
    const names = [
      '../../../../tmp/bm-evil.jpg',
      '..\\..\\..\\bm-evil.jpg',
      'a\u0000b.jpg',
      'evil.jpg\u0000.php',
      '/etc/passwd',
      '%2e%2e%2fbm-evil.jpg',
      '<script>alert(1)</script>.jpg',
      `${'x'.repeat(1000)}.jpg`,
      'bm-evil.php',
    ];
    const data = await photo('jpeg');
    for (const filename of names) {
      const res = await post([{ data, filename }]);
      expect([201, 400], JSON.stringify(filename)).toContain(res.statusCode);
      expect(res.body).not.toContain('evil');
      expect(res.body).not.toContain('script');
      if (res.statusCode === 201) {
        const id = res.json().id as number;
        const files = (await readdir(t.filesDir)).filter((f) => f.startsWith(`${id}-`));
        expect(files.sort()).toEqual([`${id}-1-1-card.jpeg`, `${id}-1-1.jpeg`]);
      }
    }
    const everything = await readdir(t.settings.dataDir, { recursive: true });
    expect(everything.filter((f) => /evil|passwd|script/.test(String(f)))).toEqual([]);
    expect(existsSync('/tmp/bm-evil.jpg')).toBe(false);
    for (const f of await readdir(t.filesDir)) if (f !== '.tmp') expect(f).toMatch(/^\d+-1-[1-8](-card)?\.jpeg$/);
    expect(await readdir(path.join(t.filesDir, '.tmp')).catch(() => [])).toEqual([]);
  });

  it('a spoofed Content-Type changes nothing: a PNG sent as an executable or HTML is stored as a clean JPEG', async () => {
    for (const contentType of ['application/x-msdownload', 'text/html', 'image/svg+xml', '../../etc']) {
      const res = await post([{ data: await photo('png'), filename: 'bil.exe', contentType }]);
      expect(res.statusCode, contentType).toBe(201);
      const file = await t.app.inject(`/files/${res.json().id}-1.jpeg`);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(file.rawPayload).metadata()).format).toBe('jpeg');
    }
  });

  it('a file in a field with a path in its name is refused', async () => {
    const res = await post([{ field: '../images[0]', data: await photo('jpeg') }]);
    expect(res.statusCode).toBe(400);
  });
});

describe('8 × 10 MB at once from several users', () => {
  it('stores every ad whole, refuses the oversized one, and the list keeps answering meanwhile', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const size = MAX_IMAGE_BYTES - 200_000;
    const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => bigJpeg(size, 20 + i * 25)));
    const oversized = [...photos.slice(0, 7), await bigJpeg(MAX_IMAGE_BYTES + 10)];
    const upload = async (user: TestUser, files: Buffer[]) => {
      const form = multipart(
        adFields(),
        files.map((data) => ({ data })),
      );
      const res = await fetch(`${address}/api/inventory/001/1001`, {
        method: 'POST',
        headers: { ...form.headers, ...user.headers },
        body: form.payload,
      });
      return { status: res.status, body: (await res.json()) as { id?: number; message?: string } };
    };

    let uploading = true;
    const probes: { status: number; ms: number }[] = [];
    const probe = (async () => {
      while (uploading) {
        const started = Date.now();
        const res = await fetch(`${address}/api/inventory/001/2003?start=0&end=20`);
        await res.arrayBuffer();
        probes.push({ status: res.status, ms: Date.now() - started });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const results = await Promise.all([
      upload(users[0]!, photos),
      upload(users[1]!, photos),
      upload(users[3]!, oversized),
    ]);
    uploading = false;
    await probe;

    expect(results.map((r) => r.status)).toEqual([201, 201, 413]);
    for (const r of results.slice(0, 2)) {
      const files = (await readdir(t.filesDir)).filter((f) => f.startsWith(`${r.body.id}-`));
      expect(files).toHaveLength(16);
    }
    const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM inventory.cars WHERE username = $1', [
      users[3]!.username,
    ]);
    expect(rows.rows[0]!.n).toBe(0);
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.every((p) => p.status === 200)).toBe(true);
    const worst = Math.max(...probes.map((p) => p.ms));
    console.log(`uploads of 4 × 8 × ~10 MB: ${probes.length} list requests answered meanwhile, slowest ${worst} ms`);
  }, 120_000);
});
