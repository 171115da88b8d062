// The real local photo store in a temporary folder, with hooks the photo tests use to inject store failures
// and to hold writes at a chosen moment.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readAll } from '../src/storage/file-storage.contract.ts';
import { parseFileKey } from '../src/storage/file-keys.ts';
import { LocalFileStorage } from '../src/storage/local-storage.ts';

export class TestPhotoStorage extends LocalFileStorage {
  failPutOn: ((key: string) => boolean) | null = null;
  failDelete = false;
  /** Awaited before each write: a test holds writes here. */
  beforePut: ((key: string) => Promise<void>) | null = null;
  listed = 0;

  override async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.beforePut?.(key);
    if (this.failPutOn?.(key)) throw new Error(`injected failure writing ${key}`);
    return super.put(key, data, contentType);
  }
  override async delete(keys: readonly string[]): Promise<void> {
    if (this.failDelete) throw new Error('injected failure deleting files');
    return super.delete(keys);
  }
  override list(): AsyncIterable<string> {
    this.listed++;
    return super.list();
  }

  /** Every stored key, sorted (without counting as a listing). */
  async keys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const key of super.list()) keys.push(key);
    return keys.sort();
  }
  /** The stored keys of one ad. */
  async keysOf(carId: number): Promise<string[]> {
    return (await this.keys()).filter((k) => parseFileKey(k)?.carId === carId);
  }
  async read(key: string): Promise<Buffer | null> {
    const file = await this.get(key);
    return file ? readAll(file.body) : null;
  }
}

export async function createPhotoStorage(): Promise<{ storage: TestPhotoStorage; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'inventory-photos-'));
  return { storage: new TestPhotoStorage(dir), dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** The keys of photos 1…count of a version, sorted as `keys()` sorts them. */
export const versionFiles = (carId: number, version: number, count: number) =>
  Array.from({ length: count }, (_, i) => [
    `${carId}-${version}-${i + 1}-card.jpeg`,
    `${carId}-${version}-${i + 1}.jpeg`,
  ])
    .flat()
    .sort();

/**
 * Holds every write while on, by photo version: `arrived` lists the versions that reached the store in order,
 * `release(v)` lets that version's writes through.
 */
export function holdWrites(storage: TestPhotoStorage) {
  const gates = new Map<number, { open: Promise<void>; release: () => void }>();
  const arrived: number[] = [];
  const gate = (version: number) => {
    let g = gates.get(version);
    if (!g) {
      let release!: () => void;
      const open = new Promise<void>((r) => (release = r));
      g = { open, release };
      gates.set(version, g);
      arrived.push(version);
    }
    return g;
  };
  storage.beforePut = (key) => gate(parseFileKey(key)!.version).open;
  return {
    arrived,
    /** Resolves once `count` versions have reached the store. */
    async waitFor(count: number): Promise<void> {
      while (arrived.length < count) await new Promise((r) => setTimeout(r, 5));
    },
    release: (version: number) => gate(version).release(),
    stop() {
      storage.beforePut = null;
      for (const g of gates.values()) g.release();
    },
  };
}
