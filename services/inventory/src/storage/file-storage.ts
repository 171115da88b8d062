import type { Readable } from 'node:stream';

/** An opened stored file. */
export interface StoredFile {
  body: Readable;
  size: number;
  /** A validator for HTTP caching (quoted, as sent in an ETag header), when the store has one cheaply. */
  etag?: string;
  lastModified?: Date;
}

/** Where ad photos live: a local folder by default, an S3-compatible bucket when configured. */
export interface FileStorage {
  /** Writes a file (atomically: readers never see half a file). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Opens a file for reading, or null when it does not exist. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes files; missing ones are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every key in the store (for removing files a crash left behind). */
  list(): AsyncIterable<string>;
  /** Removes half-written files a crash left behind (stores whose writes are not atomic by nature). */
  removeTemporaryFiles?(): Promise<number>;
}
