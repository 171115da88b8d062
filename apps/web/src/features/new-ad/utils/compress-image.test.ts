import { describe, expect, it, vi } from 'vitest';
import { compressImage, jpegName } from './compress-image.ts';

const KB = 1024;
const fileOf = (kb: number, name = 'bil.png') => new File([new Uint8Array(kb * KB)], name, { type: 'image/png' });
const bitmap = (width = 4000, height = 3000) => ({ width, height, close: vi.fn() }) as unknown as ImageBitmap;

describe('compressImage', () => {
  it('leaves files under 2000 KB alone', async () => {
    const decode = vi.fn();
    const f = fileOf(1999);
    expect(await compressImage(f, { createImageBitmap: decode })).toBe(f);
    expect(decode).not.toHaveBeenCalled();
  });

  it.each([
    [2000, 0.6],
    [3999, 0.6],
    [4000, 0.4],
    [6999, 0.4],
    [7000, 0.2],
    [9999, 0.2],
  ])('re-encodes a %i KB file as JPEG at quality %f and sends the compressed file', async (kb, quality) => {
    const encode = vi.fn(async () => new Blob([new Uint8Array(500 * KB)], { type: 'image/jpeg' }));
    const bm = bitmap();
    const out = await compressImage(fileOf(kb), { createImageBitmap: async () => bm, encode });
    expect(encode).toHaveBeenCalledWith(bm, 4000, 3000, quality);
    expect(out.type).toBe('image/jpeg');
    expect(out.name).toBe('bil.jpg');
    expect(out.size).toBe(500 * KB);
    expect(bm.close).toHaveBeenCalled();
  });

  it('scales a huge photo down to a 4096 px long edge', async () => {
    const encode = vi.fn(async () => new Blob([new Uint8Array(10)]));
    await compressImage(fileOf(3000), { createImageBitmap: async () => bitmap(8192, 4096), encode });
    expect(encode).toHaveBeenCalledWith(expect.anything(), 4096, 2048, 0.6);
  });

  it.each([
    ['IMG_1.HEIC', 'image/heic'],
    ['IMG_2.heif', 'image/heif'],
    ['IMG_3.HEIC', ''],
  ])('re-encodes a small HEIC photo (%s, type %j) as JPEG at quality 0.8, even when larger', async (name, type) => {
    const heic = new File([new Uint8Array(900 * KB)], name, { type });
    const encode = vi.fn(async () => new Blob([new Uint8Array(1200 * KB)], { type: 'image/jpeg' }));
    const out = await compressImage(heic, { createImageBitmap: async () => bitmap(), encode });
    expect(encode).toHaveBeenCalledWith(expect.anything(), 4000, 3000, 0.8);
    expect(out.type).toBe('image/jpeg');
    expect(out.name).toBe(jpegName(name));
    expect(out.size).toBe(1200 * KB);
  });

  it('sends a HEIC photo as it is when the browser cannot decode it (the server then names the problem)', async () => {
    const heic = new File([new Uint8Array(900 * KB)], 'IMG_4.HEIC', { type: 'image/heic' });
    const out = await compressImage(heic, {
      createImageBitmap: async () => {
        throw new Error('cannot decode');
      },
    });
    expect(out).toBe(heic);
  });

  it('falls back to the original when the browser cannot decode it', async () => {
    const f = fileOf(3000, 'bil.heic');
    const out = await compressImage(f, {
      createImageBitmap: async () => {
        throw new DOMException('cannot decode', 'InvalidStateError');
      },
    });
    expect(out).toBe(f);
  });

  it('keeps the original when encoding fails or would not be smaller', async () => {
    const f = fileOf(2500);
    expect(await compressImage(f, { createImageBitmap: async () => bitmap(), encode: async () => null })).toBe(f);
    const bigger = async () => new Blob([new Uint8Array(2600 * KB)]);
    expect(await compressImage(f, { createImageBitmap: async () => bitmap(), encode: bigger })).toBe(f);
  });

  it('names the result .jpg', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('noext')).toBe('noext.jpg');
  });
});
