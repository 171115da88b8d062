import { describe, expect, it } from 'vitest';
import { addPhotos, movePhoto, photosFailure, removePhoto } from './photo-list.ts';

const MB = 1024 * 1024;
const file = (name: string, bytes = 100) => {
  const f = new File(['x'], name, { type: 'image/jpeg' });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
};
const url = (f: File) => `blob:${f.name}`;

describe('photo list', () => {
  it("marks an 11 MB file with 'Max 10 MB' and blocks", () => {
    const { list, message } = addPhotos([], [file('a.jpg'), file('b.jpg', 11 * MB)], url);
    expect(message).toBe('Max 10 MB');
    expect(list.map((p) => p.failure)).toEqual([null, 'Max 10 MB']);
    expect(photosFailure(list)).toBe('Max 10 MB');
    expect(photosFailure(removePhoto(list, 1))).toBeNull();
  });

  it('accepts exactly 10,000 KB and refuses one byte more', () => {
    expect(addPhotos([], [file('a.jpg', 10_000 * 1024)], url).message).toBeNull();
    expect(addPhotos([], [file('a.jpg', 10_000 * 1024 + 1)], url).message).toBe('Max 10 MB');
  });

  it('keeps at most 8 photos', () => {
    const files = Array.from({ length: 10 }, (_, i) => file(`${i}.jpg`));
    const { list, message } = addPhotos([], files, url);
    expect(list).toHaveLength(8);
    expect(message).toBe('Högst 8 bilder per annons');
  });

  it('moves and removes', () => {
    expect(movePhoto(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(movePhoto(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movePhoto(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movePhoto(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(removePhoto(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});
