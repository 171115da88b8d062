import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertValidFileKey, isValidFileKey } from './file-keys.ts';
import type { FileStorage, StoredFile } from './file-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** For S3-compatible services (MinIO, R2, …); AWS itself when absent. */
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** A folder inside the bucket, e.g. `files/` (a missing trailing slash is added). */
  prefix?: string;
  /** Keys per list request (S3's maximum, 1000, by default); smaller in tests to exercise paging. */
  listPageSize?: number;
}

/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Photos as objects in an S3-compatible bucket. A PutObject is atomic by nature: readers see the old
 * object or the whole new one. Keys are checked against the photo name pattern before any request.
 */
export class S3FileStorage implements FileStorage {
  readonly bucket: string;
  readonly prefix: string;
  readonly client: S3Client;
  readonly #listPageSize: number | undefined;

  constructor(opts: S3StorageOptions) {
    if (!opts.bucket) throw new Error('S3 bucket is required');
    this.bucket = opts.bucket;
    this.prefix = opts.prefix ? opts.prefix.replace(/^\/+/, '').replace(/\/*$/, '/') : '';
    const config: S3ClientConfig = {
      region: opts.region ?? 'us-east-1',
      forcePathStyle: opts.forcePathStyle ?? Boolean(opts.endpoint),
      // S3-compatible servers often lack the newer default checksums; Content-MD5 covers integrity instead.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (opts.endpoint) config.endpoint = opts.endpoint;
    if (opts.accessKeyId && opts.secretAccessKey) {
      config.credentials = { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey };
    }
    this.client = new S3Client(config);
    this.#listPageSize = opts.listPageSize;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertValidFileKey(key);
    if (!Buffer.isBuffer(data)) throw new TypeError('data must be a Buffer');
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.prefix + key,
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
        ContentMD5: createHash('md5').update(data).digest('base64'),
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidFileKey(key)) return null;
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      const body = result.Body;
      if (!(body instanceof Readable)) throw new Error('S3 GetObject answered without a stream body');
      const file: StoredFile = { body, size: result.ContentLength ?? 0 };
      if (result.ETag) file.etag = result.ETag.startsWith('"') ? result.ETag : `"${result.ETag}"`;
      if (result.LastModified) file.lastModified = result.LastModified;
      return file;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    keys.forEach(assertValidFileKey);
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const result = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((key) => ({ Key: this.prefix + key })), Quiet: true },
        }),
      );
      const failed = (result.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0) {
        throw new Error(`S3 could not delete ${failed.length} object(s): ${failed[0]!.Code} ${failed[0]!.Message}`);
      }
    }
  }

  async *list(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix || undefined,
          ContinuationToken: token,
          MaxKeys: this.#listPageSize,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key?.startsWith(this.prefix)) continue;
        const key = object.Key.slice(this.prefix.length);
        if (isValidFileKey(key)) yield key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the client's connections (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (e?.name === 'NoSuchBucket' || e?.Code === 'NoSuchBucket') return false; // misconfiguration, not a missing photo
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
