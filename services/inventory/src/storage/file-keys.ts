import { MAX_IMAGES } from '@bilmarknaden/shared/constants';

// Stored photos are versioned (decision 028): `{carId}-{version}-{n}.jpeg` and `…-card.jpeg`, n = 1…8.
const FILE_KEY = /^([0-9]{1,10})-([0-9]{1,10})-([1-8])(-card)?\.jpeg$/;
// The specification's public names, served at `/files/`: `{carId}-{n}.jpeg` and `{carId}-{n}-card.jpeg`.
const PHOTO_NAME = /^([0-9]{1,10})-([1-8])(-card)?\.jpeg$/;

export type ImageVariant = 'full' | 'card';

export interface PhotoName {
  carId: number;
  n: number;
  variant: ImageVariant;
}

export interface FileKeyParts extends PhotoName {
  version: number;
}

export function isValidFileKey(key: unknown): boolean {
  return typeof key === 'string' && FILE_KEY.test(key);
}

/** The storage key of photo n of an ad's photo version. */
export function fileKey(carId: number, version: number, n: number, variant: ImageVariant = 'full'): string {
  const key = `${carId}-${version}-${n}${variant === 'card' ? '-card' : ''}.jpeg`;
  if (!isValidFileKey(key)) throw new InvalidFileKeyError(key);
  return key;
}

/** Every key a photo version can have (photos 1…8, both variants): what removing the version deletes. */
export function versionKeys(carId: number, version: number): string[] {
  const keys: string[] = [];
  for (let n = 1; n <= MAX_IMAGES; n++) keys.push(fileKey(carId, version, n), fileKey(carId, version, n, 'card'));
  return keys;
}

/** The parts of a storage key, or null for a name that is not one. */
export function parseFileKey(key: string): FileKeyParts | null {
  const m = FILE_KEY.exec(key);
  if (!m) return null;
  return { carId: Number(m[1]), version: Number(m[2]), n: Number(m[3]), variant: m[4] ? 'card' : 'full' };
}

/** The parts of a public photo name (`/files/{name}`), or null. */
export function parsePhotoName(name: string): PhotoName | null {
  const m = PHOTO_NAME.exec(name);
  if (!m) return null;
  return { carId: Number(m[1]), n: Number(m[2]), variant: m[3] ? 'card' : 'full' };
}

export class InvalidFileKeyError extends Error {
  constructor(key: string) {
    super(`Invalid file key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidFileKeyError';
  }
}

export function assertValidFileKey(key: string): void {
  if (!isValidFileKey(key)) throw new InvalidFileKeyError(String(key));
}
