import { COMPRESSION_THRESHOLD_BYTES } from '@bilmarknaden/shared/constants';
import { compressionQuality } from '@bilmarknaden/shared/validation/images';

/** Longest edge the browser encodes; the server scales it down anyway, this only spares memory. */
const MAX_EDGE = 4096;

interface CompressDeps {
  createImageBitmap?: (file: Blob, options?: ImageBitmapOptions) => Promise<ImageBitmap>;
  /** Encodes the bitmap as JPEG at the given quality; null when the browser cannot. */
  encode?: (bitmap: ImageBitmap, width: number, height: number, quality: number) => Promise<Blob | null>;
}

/** 'IMG_1.HEIC' → 'IMG_1.jpg' */
export const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'bild'}.jpg`;

async function encodeWithCanvas(bitmap: ImageBitmap, width: number, height: number, quality: number) {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(bitmap, 0, 0, width, height);
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** An iPhone photo (HEIC/HEIF), by type or, where the browser gives no type, by name. */
const isHeic = (file: File) => /^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);

/**
 * DESIGN.md: a large photo is re-encoded in the browser as JPEG at compressionQuality(size), sparing the upload.
 * Small files, photos the browser cannot decode and results that would not be smaller are sent as they are.
 * HEIC is always re-encoded: the server cannot read HEVC, so a HEIC the browser can decode (Safari) is sent as
 * a JPEG instead of being refused.
 */
export async function compressImage(file: File, deps: CompressDeps = {}): Promise<File> {
  const heic = isHeic(file);
  if (!heic && file.size < COMPRESSION_THRESHOLD_BYTES) return file;
  const decode = deps.createImageBitmap ?? (typeof createImageBitmap === 'function' ? createImageBitmap : undefined);
  if (!decode) return file;
  const encode = deps.encode ?? encodeWithCanvas;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await decode(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await encode(bitmap, width, height, compressionQuality(file.size));
    if (!blob || blob.size === 0 || (!heic && blob.size >= file.size)) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}
