import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { lstat, mkdir, open, opendir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { assertValidFileKey, isValidFileKey } from './file-keys.ts';
import type { FileStorage, StoredFile } from './file-storage.ts';

/** Writes go to files in this subfolder (same file system, so the rename is atomic); only it is scanned at start. */
const TEMP_DIR = '.tmp';
/** Temporary files of earlier versions, written next to the photos: removed when the whole folder is listed. */
const TEMP_PREFIX = '.tmp-';
/** A temporary file this old is left over whoever wrote it. */
const STALE_TEMP_MS = 60 * 60 * 1000;
/** Temporary files this process is writing right now (never removed by the crash cleanup). */
const inFlight = new Set<string>();

/**
 * Photos as files in one folder. Keys are checked against the strict photo name pattern before any
 * file system call, so no key can reach outside the folder. Writes go to a temporary file in the `.tmp`
 * subfolder that is then renamed over the final name: readers see the old file or the whole new one, and the
 * crash cleanup at start reads only that subfolder, however many photos there are.
 */
export class LocalFileStorage implements FileStorage {
  readonly dir: string;
  readonly #tempDir: string;
  #ready: Promise<unknown> | null = null;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
    this.#tempDir = path.join(this.dir, TEMP_DIR);
  }

  #ensureDir(): Promise<unknown> {
    this.#ready ??= mkdir(this.#tempDir, { recursive: true }).catch((error: unknown) => {
      this.#ready = null;
      throw error;
    });
    return this.#ready;
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    assertValidFileKey(key);
    if (!Buffer.isBuffer(data)) throw new TypeError('data must be a Buffer');
    await this.#ensureDir();
    const temp = path.join(this.#tempDir, `${key}-${process.pid}-${randomBytes(6).toString('hex')}`);
    inFlight.add(temp);
    try {
      const handle = await open(temp, 'wx', 0o644);
      try {
        await handle.writeFile(data);
        // On disk before the rename, so a power cut never leaves a renamed but empty file.
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await rename(temp, path.join(this.dir, key));
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    } finally {
      inFlight.delete(temp);
    }
    await this.#syncDir();
  }

  async #syncDir(): Promise<void> {
    // Makes the rename itself durable; best effort (not every file system allows opening a folder).
    try {
      const handle = await open(this.dir, fsConstants.O_RDONLY);
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch {
      // ignored
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidFileKey(key)) return null;
    let handle;
    try {
      handle = await open(path.join(this.dir, key), fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const stats = await handle.stat({ bigint: true });
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      // Size and validator come from the opened file, so they match the bytes streamed even if it is replaced.
      return {
        body: handle.createReadStream({ autoClose: true }),
        size: Number(stats.size),
        etag: `"${stats.size.toString(36)}-${stats.mtimeNs.toString(36)}"`,
        lastModified: new Date(Number(stats.mtimeMs)),
      };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    keys.forEach(assertValidFileKey);
    for (const key of keys) {
      try {
        await unlink(path.join(this.dir, key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }

  async *list(): AsyncIterable<string> {
    let dir;
    try {
      dir = await opendir(this.dir);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for await (const entry of dir) {
      if (!entry.isFile()) continue;
      if (isValidFileKey(entry.name)) yield entry.name;
      else if (entry.name.startsWith(TEMP_PREFIX)) await this.#removeIfStale(entry.name);
    }
    let temp;
    try {
      temp = await opendir(this.#tempDir);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for await (const entry of temp) {
      if (entry.isFile()) await this.#removeIfStale(entry.name, this.#tempDir);
    }
  }

  /** A temporary file is left over when its writer is gone (or it is an hour old), never while being written. */
  async #removeIfStale(name: string, dir = this.dir): Promise<void> {
    const file = path.join(dir, name);
    if (inFlight.has(file)) return;
    const pid = Number(/-(\d+)-[0-9a-f]+$/.exec(name)?.[1]);
    try {
      const writerGone = !Number.isSafeInteger(pid) || pid === process.pid || !processExists(pid);
      if (writerGone || Date.now() - (await lstat(file)).mtimeMs >= STALE_TEMP_MS) await unlink(file);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /**
   * Removes temporary files left by writes a crash interrupted (reads only the `.tmp` subfolder; list() also
   * removes those whose writer is gone). With `olderThanMs`, only those at least that old, so writes still
   * running elsewhere are left alone.
   */
  async removeTemporaryFiles(options: { olderThanMs?: number } = {}): Promise<number> {
    const olderThanMs = options.olderThanMs ?? 0;
    let dir;
    try {
      dir = await opendir(this.#tempDir);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for await (const entry of dir) {
      if (!entry.isFile()) continue;
      const file = path.join(this.#tempDir, entry.name);
      if (inFlight.has(file)) continue;
      try {
        if (olderThanMs > 0) {
          const { mtimeMs } = await lstat(file);
          if (Date.now() - mtimeMs < olderThanMs) continue;
        }
        await unlink(file);
        removed++;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return removed;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
}
