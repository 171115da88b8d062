// The behaviour every FileStorage must have; run by the tests of each implementation.
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from './file-storage.ts';

export const INVALID_KEYS = [
  '',
  '../1-1-1.jpeg',
  '..%2f..%2fetc%2fpasswd',
  '../../etc/passwd',
  '/etc/passwd',
  'a/1-1-1.jpeg',
  '1-1-1.jpeg/..',
  '1-1-1.jpeg\0',
  '1-1-1.jpeg\n',
  '1-1\0.jpeg',
  '1-1-0.jpeg',
  '1-1-9.jpeg',
  '1-1.jpg',
  '1-1.JPEG',
  '1-1-thumb.jpeg',
  '-1-1.jpeg',
  '12345678901-1-1.jpeg',
  ' 1-1-1.jpeg',
  '.tmp-1-1.jpeg',
  '1-1-1.jpeg.',
  // The public names and other shapes are not storage keys.
  '1-1.jpeg',
  '1-1-card.jpeg',
  '1-1-1-1.jpeg',
  '1-12345678901-1.jpeg',
];

export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of iterable) keys.push(key);
  return keys.sort();
}

export interface ContractOptions {
  /**
   * Whether this test setup can show that a replaced file is never seen half-written. False for the
   * s3rver stand-in, which overwrites its files in place; S3 itself guarantees it for PutObject.
   */
  observableAtomicReplace?: boolean;
}

/** `make` gives a store over a fresh, empty place (folder or bucket prefix). */
export function fileStorageContract(
  name: string,
  make: () => FileStorage | Promise<FileStorage>,
  options: ContractOptions = {},
) {
  describe(`${name}: FileStorage contract`, () => {
    it('stores and reads back a file with its size', async () => {
      const storage = await make();
      const data = randomBytes(50_000);
      await storage.put('12-1-1.jpeg', data, 'image/jpeg');
      const file = await storage.get('12-1-1.jpeg');
      expect(file).not.toBeNull();
      expect(file!.size).toBe(data.length);
      expect((await readAll(file!.body)).equals(data)).toBe(true);
    });

    it('answers null for a missing file', async () => {
      const storage = await make();
      expect(await storage.get('99-1-1.jpeg')).toBeNull();
      expect(await storage.get('99-1-1-card.jpeg')).toBeNull();
    });

    it('replaces a file on a second put, with a new validator', async () => {
      const storage = await make();
      await storage.put('7-1-2-card.jpeg', Buffer.from('first version'), 'image/jpeg');
      const first = await storage.get('7-1-2-card.jpeg');
      await readAll(first!.body);
      await storage.put('7-1-2-card.jpeg', Buffer.from('second, longer version'), 'image/jpeg');
      const second = await storage.get('7-1-2-card.jpeg');
      expect((await readAll(second!.body)).toString()).toBe('second, longer version');
      expect(second!.size).toBe(22);
      if (first!.etag && second!.etag) expect(second!.etag).not.toBe(first!.etag);
    });

    it('stores an empty file', async () => {
      const storage = await make();
      await storage.put('3-1-3.jpeg', Buffer.alloc(0), 'image/jpeg');
      const file = await storage.get('3-1-3.jpeg');
      expect(file!.size).toBe(0);
      expect((await readAll(file!.body)).length).toBe(0);
    });

    it('deletes files and ignores missing ones', async () => {
      const storage = await make();
      await storage.put('5-1-1.jpeg', Buffer.from('a'), 'image/jpeg');
      await storage.put('5-1-1-card.jpeg', Buffer.from('b'), 'image/jpeg');
      await storage.put('6-1-1.jpeg', Buffer.from('c'), 'image/jpeg');
      await storage.delete(['5-1-1.jpeg', '5-1-1-card.jpeg', '5-1-2.jpeg']);
      await storage.delete([]);
      expect(await storage.get('5-1-1.jpeg')).toBeNull();
      expect(await storage.get('5-1-1-card.jpeg')).toBeNull();
      const kept = await storage.get('6-1-1.jpeg');
      expect(kept).not.toBeNull();
      kept!.body.destroy();
      expect(await collect(storage.list())).toEqual(['6-1-1.jpeg']);
    });

    it('lists every key', async () => {
      const storage = await make();
      expect(await collect(storage.list())).toEqual([]);
      const keys: string[] = [];
      for (let car = 1; car <= 4; car++) {
        for (let n = 1; n <= 8; n++) keys.push(`${car}-1-${n}.jpeg`, `${car}-1-${n}-card.jpeg`);
      }
      await Promise.all(keys.map((key) => storage.put(key, Buffer.from(key), 'image/jpeg')));
      expect(await collect(storage.list())).toEqual([...keys].sort());
    });

    it('refuses keys that are not photo names, without touching anything', async () => {
      const storage = await make();
      for (const key of INVALID_KEYS) {
        await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow();
        expect(await storage.get(key), key).toBeNull();
        await expect(storage.delete([key]), key).rejects.toThrow();
      }
      expect(await collect(storage.list())).toEqual([]);
    });

    // Only stores that promise atomic replacement observably get this test (s3rver rewrites files in place).
    if (options.observableAtomicReplace !== false)
      it('never shows half a file while it is being replaced', async () => {
        const storage = await make();
        const versions = [randomBytes(1_500_000), randomBytes(1_000_000), randomBytes(2_000_000)];
        await storage.put('8-1-8.jpeg', versions[0]!, 'image/jpeg');
        let writing = true;
        const writer = (async () => {
          for (const version of [...versions, ...versions]) await storage.put('8-1-8.jpeg', version, 'image/jpeg');
          writing = false;
        })();
        let reads = 0;
        while (writing || reads < 3) {
          const file = await storage.get('8-1-8.jpeg');
          expect(file).not.toBeNull();
          const data = await readAll(file!.body);
          expect(data.length).toBe(file!.size);
          expect(versions.some((version) => version.equals(data))).toBe(true);
          reads++;
        }
        await writer;
      });
  });
}
