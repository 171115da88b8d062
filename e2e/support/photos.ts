import sharp from 'sharp';

// Real JPEG files for the photo journeys, made on the fly (no fixtures in the repository).

/** A solid-colour JPEG of the given size. */
export function jpeg(color: string, width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Three differently coloured photos. */
export function threePhotos(): Promise<Buffer[]> {
  return Promise.all([jpeg('#c0392b'), jpeg('#2980b9'), jpeg('#27ae60')]);
}

/** A file over the 10 MB (10,000 KB) limit: a valid JPEG start padded to 12 MB. */
export async function twelveMegabytes(): Promise<Buffer> {
  const head = await jpeg('#888888', 64, 64);
  const out = Buffer.alloc(12 * 1024 * 1024);
  head.copy(out);
  return out;
}
