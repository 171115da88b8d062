// The only names a stored photo can have: `{carId}-{n}.jpeg` and `{carId}-{n}-card.jpeg`, n = 1…8.
const FILE_KEY = /^[0-9]{1,10}-[1-8](-card)?\.jpeg$/;

export type ImageVariant = 'full' | 'card';

export function isValidFileKey(key: unknown): boolean {
  return typeof key === 'string' && FILE_KEY.test(key);
}

/** The storage key (and `/files/` name) of photo n of an ad. */
export function fileKey(carId: number, n: number, variant: ImageVariant = 'full'): string {
  const key = `${carId}-${n}${variant === 'card' ? '-card' : ''}.jpeg`;
  if (!isValidFileKey(key)) throw new InvalidFileKeyError(key);
  return key;
}

/** The ad id a key belongs to (for removing files a crash left behind), or null for a foreign name. */
export function carIdOfKey(key: string): number | null {
  return isValidFileKey(key) ? Number(key.slice(0, key.indexOf('-'))) : null;
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
