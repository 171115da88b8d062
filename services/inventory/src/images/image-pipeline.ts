import sharp, { type JpegOptions, type Metadata, type OutputInfo, type SharpOptions } from 'sharp';
import {
  CARD_IMAGE_BOX,
  CARD_IMAGE_MAX_BYTES,
  IMAGE_LONG_EDGE,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
} from '@bilmarknaden/shared/constants';
import { IMAGE_MESSAGES } from '@bilmarknaden/shared/validation/images';
import { ConcurrencyLimiter } from './limiter.ts';
import { checkStructure, sniffFormat, type SniffedFormat } from './sniff.ts';

/** A photo the server will not store; `message` is the Swedish text to show (400 `{message, field}`). */
export class ImageRejectedError extends Error {
  readonly field = 'images';

  constructor(message: string) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

/**
 * A photo's bytes: one buffer, or the chunks an upload arrived in. Uploads are kept as their chunks: the photo
 * workers get them written one after the other, so the server's thread never joins 3 MB for them (profiled at
 * ~20 ms per 8-photo ad, plus the garbage collection of the copies). Joined only where one buffer is needed.
 */
export type PhotoBytes = Buffer | readonly Buffer[];

/** The chunks of a photo (one buffer is one chunk). */
export const photoChunks = (input: PhotoBytes): readonly Buffer[] => (Buffer.isBuffer(input) ? [input] : input);

export const photoByteLength = (input: PhotoBytes): number =>
  Buffer.isBuffer(input) ? input.length : input.reduce((n, chunk) => n + chunk.length, 0);

export const joinPhotoBytes = (input: PhotoBytes): Buffer =>
  Buffer.isBuffer(input) ? input : input.length === 1 ? input[0]! : Buffer.concat(input);

/** Enough leading bytes to tell every accepted format (a HEIF `ftyp` box lists its brands within them). */
const SNIFF_BYTES = 64;

export interface ProcessedImage {
  /** JPEG, long edge ≤ IMAGE_LONG_EDGE, sRGB, no metadata. */
  full: Buffer;
  /** JPEG for list cards, ≤ CARD_IMAGE_MAX_BYTES, no metadata. */
  card: Buffer;
}

/** Card variant: fits in this box (about 480 px wide for a landscape photo). */
export const CARD_BOX = CARD_IMAGE_BOX;
export const FULL_QUALITY = 80;
/** Tried from the top; the card gets the highest that fits. */
const CARD_QUALITIES = [75, 70, 65, 60, 55, 50, 45, 40, 35, 30, 25, 20, 15, 10] as const;
/** Used only if even the lowest quality is too big: smaller boxes until the card fits. */
const CARD_FALLBACK_BOXES = [360, 240, 160, 80] as const;

/** Photos processed at once, process-wide: leaves CPU for other requests on a small machine. */
export const DEFAULT_IMAGE_CONCURRENCY = 2;
export const imageLimiter = new ConcurrencyLimiter(DEFAULT_IMAGE_CONCURRENCY);

export function setImageConcurrency(max: number): void {
  imageLimiter.max = max;
}

let sharpConfigured = false;
function configureSharp(): void {
  if (sharpConfigured) return;
  sharpConfigured = true;
  // One libvips thread per job: the limiter decides how many cores photos may use.
  sharp.concurrency(1);
  // Every upload is a new buffer, so the operation cache would only hold memory.
  sharp.cache(false);
}

/**
 * mozjpeg's quantisation tables and progressive scans without trellis quantisation: ~10 % smaller than plain
 * libjpeg at a quarter of full mozjpeg's CPU time (measured: ~30 ms vs ~170 ms for a 1600 px photo).
 */
const jpegOptions = {
  mozjpeg: false,
  progressive: true,
  optimiseCoding: true,
  quantisationTable: 3,
  trellisQuantisation: false,
  overshootDeringing: false,
  optimiseScans: false,
} as const satisfies JpegOptions;

const decodeOptions = {
  limitInputPixels: MAX_IMAGE_PIXELS,
  failOn: 'error',
  sequentialRead: true,
} as const satisfies SharpOptions;

function heifReadable(): boolean {
  const heif = sharp.format.heif;
  return Boolean(heif?.input?.buffer);
}

/**
 * Checks a photo by its content and re-encodes it: JPEG, long edge ≤ 1600 px, rotated by EXIF orientation,
 * converted to sRGB with every piece of metadata (EXIF, GPS, XMP, ICC) removed, plus a card variant ≤ 30 KB.
 * Throws ImageRejectedError (Swedish message) for anything that is not a readable JPEG, PNG, WebP or HEIF.
 */
export async function processImage(bytes: PhotoBytes): Promise<ProcessedImage> {
  configureSharp();
  const input = joinPhotoBytes(bytes);
  const format = await inspectImage(input);
  return imageLimiter.run(() => encode(input, format));
}

/**
 * The checks that read a few bytes only (size and magic bytes), so they cost nothing wherever they run: the
 * photo worker pool runs them in the server process to refuse a text file or an SVG without a round trip.
 */
export function quickCheckImage(input: PhotoBytes): SniffedFormat {
  const chunks = photoChunks(input);
  if (!chunks.every((c) => Buffer.isBuffer(c))) throw new ImageRejectedError(IMAGE_MESSAGES.notAnImage);
  const length = photoByteLength(chunks);
  if (length === 0) throw new ImageRejectedError(IMAGE_MESSAGES.notAnImage);
  if (length > MAX_IMAGE_BYTES) throw new ImageRejectedError(IMAGE_MESSAGES.tooLarge);
  const head = chunks[0]!.length >= SNIFF_BYTES ? chunks[0]! : joinPhotoBytes(chunks).subarray(0, SNIFF_BYTES);
  const format = sniffFormat(head);
  if (!format) throw new ImageRejectedError(IMAGE_MESSAGES.notAnImage);
  if (format === 'heif' && !heifReadable()) throw new ImageRejectedError(IMAGE_MESSAGES.heicUnreadable);
  return format;
}

/**
 * The message for a file of a known format that the image library cannot read. HEIF is named: an iPhone photo
 * (HEVC) that the browser could not convert, which this library does not decode (it reads AVIF only).
 */
const unreadable = (format: SniffedFormat) =>
  format === 'heif' ? IMAGE_MESSAGES.heicUnreadable : IMAGE_MESSAGES.notAnImage;

/** The cheap checks (no pixel decoding): size, magic bytes, container structure and dimensions. */
export async function inspectImage(input: Buffer): Promise<SniffedFormat> {
  const format = quickCheckImage(input);
  if (checkStructure(format, input)) throw new ImageRejectedError(IMAGE_MESSAGES.notAnImage);

  let metadata: Metadata;
  try {
    // Reads the header only; the pixel limit is checked here before anything is decoded.
    metadata = await sharp(input, { ...decodeOptions, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError(unreadable(format));
  }
  if (metadata.format !== format) throw new ImageRejectedError(IMAGE_MESSAGES.notAnImage);
  const { width, height } = metadata;
  if (!width || !height) throw new ImageRejectedError(IMAGE_MESSAGES.notAnImage);
  if (width * height > MAX_IMAGE_PIXELS) throw new ImageRejectedError(IMAGE_MESSAGES.tooManyPixels);
  return format;
}

async function encode(input: Buffer, format: SniffedFormat): Promise<ProcessedImage> {
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // Decode once (shrink-on-load for JPEG/WebP), rotate, flatten transparency onto white, convert to sRGB.
    pixels = await sharp(input, decodeOptions)
      .rotate()
      .resize({
        width: IMAGE_LONG_EDGE,
        height: IMAGE_LONG_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
        fastShrinkOnLoad: true,
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageRejectedError(IMAGE_MESSAGES.tooManyPixels);
    }
    throw new ImageRejectedError(unreadable(format));
  }
  const { width, height, channels } = pixels.info;
  const raw = { raw: { width, height, channels } } as const;

  const full = await sharp(pixels.data, raw)
    .jpeg({ ...jpegOptions, quality: FULL_QUALITY })
    .toBuffer();
  const card = await encodeCard(pixels.data, raw);
  return { full, card };
}

async function encodeCard(data: Buffer, raw: SharpOptions): Promise<Buffer> {
  for (const box of [CARD_BOX, ...CARD_FALLBACK_BOXES]) {
    const resized = await sharp(data, raw)
      .resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const small = { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } };
    const encodeAt = (quality: number) =>
      sharp(resized.data, small)
        .jpeg({ ...jpegOptions, progressive: false, quality })
        .toBuffer();
    // Most photos fit at the first quality; otherwise a binary search finds the best quality that fits.
    let best = await encodeAt(CARD_QUALITIES[0]);
    if (best.length <= CARD_IMAGE_MAX_BYTES) return best;
    let fitting: Buffer | null = null;
    let low = 1;
    let high = CARD_QUALITIES.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      best = await encodeAt(CARD_QUALITIES[middle]!);
      if (best.length <= CARD_IMAGE_MAX_BYTES) {
        fitting = best;
        high = middle - 1;
      } else {
        low = middle + 1;
      }
    }
    if (fitting) return fitting;
  }
  // Unreachable in practice: an 80 px JPEG at the lowest quality is a few KB whatever the content.
  throw new Error('Card image does not fit the size limit');
}
