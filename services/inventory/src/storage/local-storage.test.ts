import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileStorageContract, readAll } from './file-storage.contract.ts';
import { LocalFileStorage } from './local-storage.ts';

const root = await mkdtemp(path.join(tmpdir(), 'bilmarknaden-local-storage-'));
let counter = 0;
const freshDir = () => path.join(root, `store-${++counter}`, 'files');

afterAll(() => rm(root, { recursive: true, force: true }));

fileStorageContract('LocalFileStorage', () => new LocalFileStorage(freshDir()));

describe('LocalFileStorage', () => {
  it('creates its folder when missing and lists nothing before that', async () => {
    const dir = freshDir();
    const storage = new LocalFileStorage(dir);
    for await (const key of storage.list()) throw new Error(`unexpected ${key}`);
    expect(existsSync(dir)).toBe(false);
    await storage.put('1-1-1.jpeg', Buffer.from('x'), 'image/jpeg');
    expect(await readFile(path.join(dir, '1-1-1.jpeg'), 'utf8')).toBe('x');
  });

  it('never reads, writes or deletes outside its folder', async () => {
    const dir = freshDir();
    const storage = new LocalFileStorage(dir);
    await mkdir(dir, { recursive: true });
    const outside = path.join(dir, '..', '1-1-1.jpeg');
    await writeFile(outside, 'secret');
    expect(await storage.get('../1-1-1.jpeg')).toBeNull();
    await expect(storage.delete(['../1-1-1.jpeg'])).rejects.toThrow();
    await expect(storage.put('../1-1-1.jpeg', Buffer.from('overwritten'), 'image/jpeg')).rejects.toThrow();
    expect(await readFile(outside, 'utf8')).toBe('secret');
  });

  it('does not follow a symbolic link planted in the folder', async () => {
    const dir = freshDir();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, '..', 'secret.txt'), 'secret');
    await symlink(path.join(dir, '..', 'secret.txt'), path.join(dir, '2-1-1.jpeg'));
    expect(await new LocalFileStorage(dir).get('2-1-1.jpeg')).toBeNull();
  });

  it('leaves no temporary file behind, also when a write fails', async () => {
    const dir = freshDir();
    const storage = new LocalFileStorage(dir);
    await storage.put('1-1-1.jpeg', Buffer.from('ok'), 'image/jpeg');
    await mkdir(path.join(dir, '1-1-2.jpeg')); // a folder where the file should go: the rename fails
    await expect(storage.put('1-1-2.jpeg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['.tmp', '1-1-1.jpeg', '1-1-2.jpeg']);
    expect(await readdir(path.join(dir, '.tmp'))).toEqual([]);
  });

  it('hides temporary files and removes those a crash left behind when listing', async () => {
    const dir = freshDir();
    const storage = new LocalFileStorage(dir);
    await storage.put('4-1-1.jpeg', Buffer.from('whole'), 'image/jpeg');
    const temp = path.join(dir, '.tmp');
    const deadWriter = path.join(temp, '4-1-2.jpeg-2147483646-abcdef'); // no such process
    const ownCrash = path.join(temp, `4-1-3.jpeg-${process.pid}-abcdef`); // same pid after a restart
    const liveWriter = path.join(temp, `4-1-4.jpeg-${process.ppid}-abcdef`); // another process, still writing
    const oldLiveWriter = path.join(temp, `4-1-5.jpeg-${process.ppid}-fedcba`);
    // Earlier versions wrote temporary files next to the photos.
    const legacyDeadWriter = path.join(dir, '.tmp-4-6.jpeg-2147483646-abcdef');
    const legacyLiveWriter = path.join(dir, `.tmp-4-7.jpeg-${process.ppid}-abcdef`);
    const files = [deadWriter, ownCrash, liveWriter, oldLiveWriter, legacyDeadWriter, legacyLiveWriter];
    for (const file of files) await writeFile(file, 'half');
    const old = new Date(Date.now() - 2 * 3_600_000);
    await utimes(oldLiveWriter, old, old);
    await writeFile(path.join(dir, 'notes.txt'), 'not ours');

    const listed: string[] = [];
    for await (const key of storage.list()) listed.push(key);
    expect(listed).toEqual(['4-1-1.jpeg']);
    expect((await readdir(dir)).sort()).toEqual([
      '.tmp',
      '.tmp-4-7.jpeg-' + process.ppid + '-abcdef',
      '4-1-1.jpeg',
      'notes.txt',
    ]);
    expect(await readdir(temp)).toEqual(['4-1-4.jpeg-' + process.ppid + '-abcdef']);
  });

  it('removes temporary files on demand, optionally only old ones', async () => {
    const dir = freshDir();
    const storage = new LocalFileStorage(dir);
    await storage.put('4-1-1.jpeg', Buffer.from('whole'), 'image/jpeg');
    const crashed = path.join(dir, '.tmp', `4-1-2.jpeg-${process.ppid}-abcdef`);
    const recent = path.join(dir, '.tmp', `4-1-3.jpeg-${process.ppid}-fedcba`);
    await writeFile(crashed, 'half');
    await writeFile(recent, 'half');
    const old = new Date(Date.now() - 3_600_000);
    await utimes(crashed, old, old);

    expect(await storage.removeTemporaryFiles({ olderThanMs: 60_000 })).toBe(1);
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(await storage.removeTemporaryFiles()).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(['.tmp', '4-1-1.jpeg']);
    expect(await readdir(path.join(dir, '.tmp'))).toEqual([]);
    expect(await new LocalFileStorage(freshDir()).removeTemporaryFiles()).toBe(0);
  });

  it('does not remove a temporary file while its write is running', async () => {
    const dir = freshDir();
    const storage = new LocalFileStorage(dir);
    await storage.put('1-1-1.jpeg', Buffer.from('x'), 'image/jpeg');
    const writes = Array.from({ length: 20 }, (_, i) =>
      storage.put(`2-1-${(i % 8) + 1}.jpeg`, Buffer.alloc(200_000, i), 'image/jpeg'),
    );
    const cleanups: Promise<unknown>[] = [];
    for (let i = 0; i < 10; i++) {
      cleanups.push(
        (async () => {
          for await (const _key of storage.list());
        })(),
        storage.removeTemporaryFiles(),
      );
    }
    await Promise.all([...writes, ...cleanups]);
    for (let n = 1; n <= 8; n++) {
      const file = await storage.get(`2-1-${n}.jpeg`);
      expect(file?.size).toBe(200_000);
      file?.body.destroy();
    }
  });

  it('streams a file that is deleted after it was opened', async () => {
    const storage = new LocalFileStorage(freshDir());
    await storage.put('9-1-8.jpeg', Buffer.from('still readable'), 'image/jpeg');
    const file = await storage.get('9-1-8.jpeg');
    await storage.delete(['9-1-8.jpeg']);
    expect((await readAll(file!.body)).toString()).toBe('still readable');
    expect(file!.etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
  });
});
