import type { Readable } from 'node:stream';

/** Where ad photos live: a local folder by default, an S3-compatible bucket when configured. */
export interface FileStorage {
  /** Writes a file (atomically: readers never see half a file). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Opens a file for reading, or null when it does not exist. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes files; missing ones are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every key in the store (for removing files a crash left behind). */
  list(): AsyncIterable<string>;
}
