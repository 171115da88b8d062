import { COMPRESSION_THRESHOLD_BYTES, MAX_IMAGE_BYTES, MAX_IMAGES } from '../constants.ts';

export const IMAGE_MESSAGES = {
  tooLarge: 'Max 10 MB',
  tooMany: 'Högst 8 bilder per annons',
  notAnImage: 'Filen är ingen bild som kan läsas (JPEG, PNG, WebP eller HEIC)',
  tooManyPixels: 'Bilden är för stor (högst 50 megapixlar)',
  /** HEIF that the server cannot read: iPhone photos (HEVC) that the browser could not convert to JPEG. */
  heicUnreadable:
    'Bilden i HEIC-format kunde inte läsas. Spara den som JPEG (på iPhone: Inställningar > Kamera > Format > Mest kompatibelt) och försök igen.',
  /** A file part under any other name than `images[0]` … `images[7]`. */
  fieldName: `Bilder ska skickas i fälten images[0] till images[${MAX_IMAGES - 1}]`,
} as const;

/** The form field of photo i (0-based): `images[0]` … `images[7]`. */
export function imageFieldName(index: number): string {
  return `images[${index}]`;
}

/** Whether a multipart file part's name is one of the documented photo fields, exactly. */
export function isImageFieldName(name: string): boolean {
  const match = /^images\[(0|[1-9]\d?)\]$/.exec(name);
  return match !== null && Number(match[1]) < MAX_IMAGES;
}

/** The message for a picked file, or null when its size is allowed. */
export function imageSizeFailure(sizeInBytes: number): string | null {
  return sizeInBytes > MAX_IMAGE_BYTES ? IMAGE_MESSAGES.tooLarge : null;
}

export function imageCountFailure(count: number): string | null {
  return count > MAX_IMAGES ? IMAGE_MESSAGES.tooMany : null;
}

/**
 * JPEG quality for the browser's compression (DESIGN.md): 0.8 below 2000 KB, then 0.6, 0.4 and 0.2
 * in size bands up to 10 MB.
 */
export function compressionQuality(sizeInBytes: number): number {
  const kb = sizeInBytes / 1024;
  if (sizeInBytes < COMPRESSION_THRESHOLD_BYTES) return 0.8;
  if (kb < 4_000) return 0.6;
  if (kb < 7_000) return 0.4;
  return 0.2;
}
