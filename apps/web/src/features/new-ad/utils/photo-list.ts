import { MAX_IMAGES } from '@bilmarknaden/shared/constants';
import { imageCountFailure, imageSizeFailure, IMAGE_MESSAGES } from '@bilmarknaden/shared/validation/images';

// The picked photos as pure list operations (order = upload order = photo number).

export interface PickedPhoto {
  key: string;
  file: File;
  /** Object URL of the preview; revoked when the photo leaves the list. */
  url: string;
  /** Why the file cannot be sent (too large, not an image), or null: it blocks submitting. */
  failure: string | null;
}

let counter = 0;

/** Adds files up to the limit; the message says why some were not added or are blocked. */
export function addPhotos(
  list: readonly PickedPhoto[],
  files: readonly File[],
  makeUrl: (file: File) => string,
): { list: PickedPhoto[]; message: string | null } {
  const room = Math.max(0, MAX_IMAGES - list.length);
  const taken = files.slice(0, room).map((file) => ({
    key: `photo-${++counter}`,
    file,
    url: makeUrl(file),
    failure: imageSizeFailure(file.size),
  }));
  const next = [...list, ...taken];
  const tooMany = imageCountFailure(list.length + files.length);
  const tooLarge = taken.some((p) => p.failure) ? IMAGE_MESSAGES.tooLarge : null;
  return { list: next, message: tooLarge ?? tooMany };
}

/** HEIC and HEIF: many browsers cannot show them, yet the server reads them (or says why it cannot). */
const mayNotPreview = (file: File) => /^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);

/**
 * The photo whose preview the browser could not decode is no image the server can read either: marked at once,
 * rather than refused after the whole upload. The same list when nothing changes.
 */
export function markUnreadable(list: PickedPhoto[], key: string): PickedPhoto[] {
  const at = list.findIndex((p) => p.key === key);
  const photo = list[at];
  if (!photo || photo.failure || mayNotPreview(photo.file)) return list;
  return list.map((p, i) => (i === at ? { ...p, failure: IMAGE_MESSAGES.notAnImage } : p));
}

/** Moves the photo at index by delta (-1 up, +1 down); out-of-range moves change nothing. */
export function movePhoto<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item!);
  return next;
}

export function removePhoto<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** The first picked file's failure while any has one, else null. */
export function photosFailure(list: readonly PickedPhoto[]): string | null {
  return list.find((p) => p.failure)?.failure ?? null;
}
