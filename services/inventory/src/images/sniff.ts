// Content sniffing and container structure checks: the bytes decide what a file is, never its name or type.

export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'heif';

/** Trailing bytes tolerated after an image's end marker when they are all zero (padding some tools add). */
const MAX_ZERO_PADDING = 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);

/** The image format named by the magic bytes, or null for anything else (text, SVG, GIF, PDF, ZIP…). */
export function sniffFormat(data: Buffer): SniffedFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = data.readUInt32BE(0);
    const end = Math.min(boxSize, data.length);
    if (HEIF_BRANDS.has(data.toString('latin1', 8, 12))) return 'heif';
    // Compatible brands follow the major brand and its minor version.
    for (let i = 16; i + 4 <= end; i += 4) {
      if (HEIF_BRANDS.has(data.toString('latin1', i, i + 4))) return 'heif';
    }
  }
  return null;
}

export type StructureProblem = 'truncated' | 'trailing-data' | 'malformed';

/**
 * Walks the container to its end marker: a file that stops early is truncated, and bytes after the
 * end (a script, HTML or a ZIP appended to make a polyglot) are refused.
 */
export function checkStructure(format: SniffedFormat, data: Buffer): StructureProblem | null {
  switch (format) {
    case 'jpeg':
      return checkJpeg(data);
    case 'png':
      return checkPng(data);
    case 'webp':
      return checkWebp(data);
    case 'heif':
      return checkIsoBoxes(data);
  }
}

function trailingProblem(data: Buffer, end: number): StructureProblem | null {
  if (end === data.length) return null;
  if (data.length - end > MAX_ZERO_PADDING) return 'trailing-data';
  for (let i = end; i < data.length; i++) if (data[i] !== 0) return 'trailing-data';
  return null;
}

/** Offset just after the EOI marker of the JPEG starting at `start`, or a problem. */
function jpegEnd(data: Buffer, start: number): number | StructureProblem {
  if (data[start] !== 0xff || data[start + 1] !== 0xd8) return 'malformed';
  let pos = start + 2;
  for (;;) {
    if (pos >= data.length) return 'truncated';
    if (data[pos] !== 0xff) return 'malformed';
    // Fill bytes: any number of 0xFF before the marker code.
    while (pos < data.length && data[pos] === 0xff) pos++;
    if (pos >= data.length) return 'truncated';
    const marker = data[pos]!;
    pos++;
    if (marker === 0xd9) return pos; // EOI
    if (marker === 0x00 || marker === 0xd8) return 'malformed';
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // no length
    if (pos + 2 > data.length) return 'truncated';
    const length = data.readUInt16BE(pos);
    if (length < 2) return 'malformed';
    pos += length;
    if (pos > data.length) return 'truncated';
    if (marker !== 0xda) continue;
    // Entropy-coded data after SOS: runs until a 0xFF that is not stuffing (FF00) or a restart marker.
    for (;;) {
      const ff = data.indexOf(0xff, pos);
      if (ff < 0 || ff + 1 >= data.length) return 'truncated';
      const next = data[ff + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
        pos = ff + 2;
        continue;
      }
      if (next === 0xff) {
        pos = ff + 1;
        continue;
      }
      pos = ff;
      break;
    }
  }
}

function checkJpeg(data: Buffer): StructureProblem | null {
  let end = jpegEnd(data, 0);
  if (typeof end === 'string') return end;
  // Phones store extra frames (MPF: gain maps, depth) as complete JPEGs after the first one; accept only those.
  while (end + 3 <= data.length && data[end] === 0xff && data[end + 1] === 0xd8 && data[end + 2] === 0xff) {
    const next = jpegEnd(data, end);
    if (typeof next === 'string') return next === 'truncated' ? 'truncated' : 'trailing-data';
    end = next;
  }
  return trailingProblem(data, end);
}

function checkPng(data: Buffer): StructureProblem | null {
  let pos = 8;
  for (;;) {
    if (pos + 12 > data.length) return 'truncated';
    const length = data.readUInt32BE(pos);
    if (length > 0x7fffffff) return 'malformed';
    const type = data.toString('latin1', pos + 4, pos + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return 'malformed';
    pos += 12 + length;
    if (pos > data.length) return 'truncated';
    if (type === 'IEND') return trailingProblem(data, pos);
  }
}

function checkWebp(data: Buffer): StructureProblem | null {
  const riffSize = data.readUInt32LE(4);
  // The RIFF payload is padded to an even length; some encoders leave that pad byte out.
  const end = 8 + riffSize;
  if (end > data.length + 1) return 'truncated';
  if (end >= data.length) return null;
  return trailingProblem(data, end + (riffSize % 2));
}

function checkIsoBoxes(data: Buffer): StructureProblem | null {
  let pos = 0;
  while (pos < data.length) {
    if (pos + 8 > data.length) return 'truncated';
    let size = data.readUInt32BE(pos);
    if (size === 1) {
      if (pos + 16 > data.length) return 'truncated';
      const large = data.readBigUInt64BE(pos + 8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return 'malformed';
      size = Number(large);
      if (size < 16) return 'malformed';
    } else if (size === 0) {
      return null; // the last box runs to the end of the file
    } else if (size < 8) {
      return 'malformed';
    }
    pos += size;
    if (pos > data.length) return 'truncated';
  }
  return null;
}
