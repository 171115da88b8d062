import path from 'node:path';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-storage.ts';
import { S3FileStorage, type S3StorageOptions } from './s3-storage.ts';

export interface FileStorageSettings {
  dataDir: string;
  /** Given: photos go to this S3-compatible bucket; absent: to `${dataDir}/files`. */
  s3?: S3StorageOptions | undefined;
}

export function createFileStorage(settings: FileStorageSettings): FileStorage {
  if (settings.s3) return new S3FileStorage(settings.s3);
  return new LocalFileStorage(path.join(settings.dataDir, 'files'));
}
