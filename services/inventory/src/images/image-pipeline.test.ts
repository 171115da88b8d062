import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_IMAGE_MAX_BYTES,
  IMAGE_LONG_EDGE,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
} from '@bilmarknaden/shared/constants';
import { IMAGE_MESSAGES } from '@bilmarknaden/shared/validation/images';
import { pngBomb } from '../../test/png-bomb.ts';
import { ImageRejectedError, imageLimiter, processImage } from './image-pipeline.ts';

// Every fixture is generated here with sharp, so the tests document exactly what each file is.
function solid(width: number, height: number, background = '#3366cc') {
  return sharp({ create: { width, height, channels: 3, background } });
}

function noisy(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  });
}

async function rejection(input: Buffer): Promise<ImageRejectedError> {
  const error = await processImage(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

async function expectCleanJpeg(output: Buffer) {
  const meta = await sharp(output).metadata();
  expect(meta.format).toBe('jpeg');
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(meta.space).toBe('srgb');
  expect(meta.channels).toBe(3);
  return meta;
}

describe('processImage: accepted photos', () => {
  it('strips EXIF with GPS position from a JPEG', async () => {
    const input = await solid(640, 480)
      .jpeg()
      .withExif({
        IFD0: { Make: 'Telefon', Model: 'X' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 19/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 4/1 0/1' },
      })
      .toBuffer();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif?.toString('latin1')).toContain('Telefon');

    const { full, card } = await processImage(input);
    const meta = await expectCleanJpeg(full);
    expect([meta.width, meta.height]).toEqual([640, 480]);
    await expectCleanJpeg(card);
    expect(full.toString('latin1')).not.toContain('Telefon');
    expect(full.includes(Buffer.from('Exif\0'))).toBe(false);
  });

  it('rotates by EXIF orientation (6: width and height swap) and drops the tag', async () => {
    const input = await solid(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const { full, card } = await processImage(input);
    const meta = await expectCleanJpeg(full);
    expect([meta.width, meta.height]).toEqual([200, 300]);
    const cardMeta = await sharp(card).metadata();
    expect(cardMeta.height).toBeGreaterThan(cardMeta.width);
  });

  it('converts PNG (with transparency) to JPEG on white', async () => {
    const input = await sharp({
      create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { full } = await processImage(input);
    await expectCleanJpeg(full);
    const { dominant } = await sharp(full).stats();
    expect(dominant.r).toBeGreaterThan(240);
  });

  it('converts a 16-bit PNG', async () => {
    const input = await solid(320, 240).png().toColourspace('rgb16').toBuffer();
    expect((await sharp(input).metadata()).depth).toBe('ushort');
    await expectCleanJpeg((await processImage(input)).full);
  });

  it('converts WebP to JPEG', async () => {
    const input = await solid(500, 400).webp().toBuffer();
    const { full, card } = await processImage(input);
    const meta = await expectCleanJpeg(full);
    expect([meta.width, meta.height]).toEqual([500, 400]);
    await expectCleanJpeg(card);
  });

  it('converts a CMYK JPEG and one with a wide-gamut ICC profile to plain sRGB without a profile', async () => {
    const cmyk = await solid(200, 150).toColourspace('cmyk').jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    await expectCleanJpeg((await processImage(cmyk)).full);

    const p3 = await solid(200, 150).jpeg().withIccProfile('p3').toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();
    await expectCleanJpeg((await processImage(p3)).full);
  });

  it(`resizes a big photo so the long edge is ${IMAGE_LONG_EDGE} px`, async () => {
    const landscape = await processImage(await solid(4000, 3000).jpeg().toBuffer());
    expect(await sharp(landscape.full).metadata()).toMatchObject({ width: 1600, height: 1200 });
    const portrait = await processImage(await solid(2000, 3200).png().toBuffer());
    expect(await sharp(portrait.full).metadata()).toMatchObject({ width: 1000, height: 1600 });
  });

  it('never enlarges a small photo', async () => {
    const { full, card } = await processImage(await solid(120, 90).jpeg().toBuffer());
    expect(await sharp(full).metadata()).toMatchObject({ width: 120, height: 90 });
    expect(await sharp(card).metadata()).toMatchObject({ width: 120, height: 90 });
  });

  it(`makes a card about 480 px wide and at most ${CARD_IMAGE_MAX_BYTES} bytes, even for pure noise`, async () => {
    const input = await noisy(3000, 2000).jpeg({ quality: 95 }).toBuffer();
    const { full, card } = await processImage(input);
    expect(card.length).toBeLessThanOrEqual(CARD_IMAGE_MAX_BYTES);
    const meta = await expectCleanJpeg(card);
    expect(meta.width).toBeLessThanOrEqual(480);
    expect(full.length).toBeGreaterThan(card.length);
  });

  it('accepts a JPEG followed by further complete JPEGs (phone gain maps, MPF) and zero padding', async () => {
    const main = await solid(200, 100).jpeg().toBuffer();
    const extra = await solid(50, 25).jpeg().toBuffer();
    await expectCleanJpeg((await processImage(Buffer.concat([main, extra]))).full);
    await expectCleanJpeg((await processImage(Buffer.concat([main, Buffer.alloc(16)]))).full);
  });

  it('accepts a progressive JPEG with restart markers', async () => {
    const input = await noisy(300, 200).jpeg({ progressive: true }).toBuffer();
    await expectCleanJpeg((await processImage(input)).full);
  });

  it('handles HEIF (AVIF here) only when the image library can read it', async () => {
    if (!sharp.format.heif.output.buffer) return;
    const input = await solid(300, 200).avif().toBuffer();
    if (sharp.format.heif.input.buffer) {
      await expectCleanJpeg((await processImage(input)).full);
    } else {
      expect((await rejection(input)).message).toBe(IMAGE_MESSAGES.heicUnreadable);
    }
  });

  it('refuses an iPhone HEIC (HEVC) it cannot read with a message that names the format and the way out', async () => {
    // An ISO box file with the brand iPhones write ('heic', compatible 'mif1'): a whole container, no image.
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypheic', 4, 'latin1');
    ftyp.write('mif1heic', 16, 'latin1');
    expect((await rejection(ftyp)).message).toBe(IMAGE_MESSAGES.heicUnreadable);
  });
});

describe('processImage: refused files', () => {
  let jpeg: Buffer;
  let png: Buffer;
  let webp: Buffer;
  beforeAll(async () => {
    jpeg = await noisy(400, 300).jpeg().toBuffer();
    png = await noisy(200, 150).png().toBuffer();
    webp = await noisy(200, 150).webp().toBuffer();
  });

  const notAnImage: Array<[string, () => Buffer]> = [
    ['an empty file', () => Buffer.alloc(0)],
    ['a text file (named .jpg by the browser)', () => Buffer.from('Det här är ingen bild.\n')],
    [
      'an SVG with a script',
      () =>
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
            '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
        ),
    ],
    ['HTML', () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['a PDF', () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')],
    ['a ZIP', () => Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)])],
    [
      'a JPEG with HTML appended (polyglot)',
      () => Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script>')]),
    ],
    [
      'a JPEG with a ZIP appended (polyglot)',
      () => Buffer.concat([jpeg, Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 1)]),
    ],
    ['a PNG with a script appended (polyglot)', () => Buffer.concat([png, Buffer.from('<script>alert(1)</script>')])],
    ['a WebP with data appended (polyglot)', () => Buffer.concat([webp, Buffer.from('<script>alert(1)</script>')])],
    ['a truncated JPEG', () => jpeg.subarray(0, Math.floor(jpeg.length * 0.6))],
    ['a JPEG missing only its end marker', () => jpeg.subarray(0, jpeg.length - 2)],
    ['a truncated PNG', () => png.subarray(0, Math.floor(png.length * 0.6))],
    ['a truncated WebP', () => webp.subarray(0, Math.floor(webp.length * 0.6))],
    ['a JPEG header only', () => jpeg.subarray(0, 3)],
    ['bytes after the JPEG start marker that are not segments', () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2])],
  ];

  it.each(notAnImage)('refuses %s', async (_name, make) => {
    const error = await rejection(make());
    expect(error.message).toBe(IMAGE_MESSAGES.notAnImage);
    expect(error.field).toBe('images');
  });

  it('refuses a GIF', async () => {
    const gif = await solid(50, 50).gif().toBuffer();
    expect((await rejection(gif)).message).toBe(IMAGE_MESSAGES.notAnImage);
  });

  it('refuses a TIFF', async () => {
    const tiff = await solid(50, 50).tiff().toBuffer();
    expect((await rejection(tiff)).message).toBe(IMAGE_MESSAGES.notAnImage);
  });

  it('refuses a PNG with corrupt compressed pixels', async () => {
    const broken = Buffer.from(png);
    const idat = broken.indexOf('IDAT');
    broken.fill(0x41, idat + 20, idat + 200);
    expect((await rejection(broken)).message).toBe(IMAGE_MESSAGES.notAnImage);
  });

  it('refuses a small PNG that decodes to 100 megapixels, before decoding it', async () => {
    const bomb = pngBomb(10_000, 10_000);
    expect(bomb.length).toBeLessThan(100_000);
    const started = performance.now();
    const error = await rejection(bomb);
    expect(error.message).toBe(IMAGE_MESSAGES.tooManyPixels);
    // Decoding 100 megapixels takes seconds; refusing from the header takes milliseconds. Generous bound.
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('refuses a JPEG whose header is just above the pixel limit', async () => {
    const jpegOver = Buffer.from(jpeg);
    const sof = jpegOver.indexOf(Buffer.from([0xff, 0xc0]));
    expect(sof).toBeGreaterThan(0);
    jpegOver.writeUInt16BE(Math.floor(MAX_IMAGE_PIXELS / 10_000) + 1, sof + 5); // height
    jpegOver.writeUInt16BE(10_000, sof + 7); // width
    expect(await sharp(jpegOver).metadata()).toMatchObject({ width: 10_000, height: 5001 });
    expect((await rejection(jpegOver)).message).toBe(IMAGE_MESSAGES.tooManyPixels);
  });

  it('refuses a file over 10 MB without reading it', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect((await rejection(big)).message).toBe(IMAGE_MESSAGES.tooLarge);
  });
});

describe('processImage: concurrency', () => {
  it('processes at most two photos at once and finishes them all', async () => {
    const input = await noisy(1200, 900).jpeg().toBuffer();
    let maxActive = 0;
    const watch = setInterval(() => (maxActive = Math.max(maxActive, imageLimiter.active)), 1);
    const results = await Promise.all(Array.from({ length: 6 }, () => processImage(input)));
    clearInterval(watch);
    expect(results).toHaveLength(6);
    expect(imageLimiter.active).toBe(0);
    expect(maxActive).toBeLessThanOrEqual(2);
  });
});
