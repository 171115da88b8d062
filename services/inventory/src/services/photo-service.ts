import type { Queryable } from '@bilmarknaden/db/database';
import { carPhotosRepository } from '../repositories/car-photos-repository.ts';
import { fileKey, type PhotoName } from '../storage/file-keys.ts';
import type { FileStorage, StoredFile } from '../storage/file-storage.ts';

/** The public photos of ads: the current version of photo n of a visible ad (decision 028). */
export function photoService({ db, storage }: { db: Queryable; storage: FileStorage }) {
  const cars = carPhotosRepository(db);
  return {
    /** The stored file of the photo and its version, or null unless the ad is visible and has that photo. */
    async open(photo: PhotoName): Promise<{ version: number; file: StoredFile } | null> {
      const version = await cars.photoVersion(photo.carId, photo.n);
      if (version === null) return null;
      const file = await storage.get(fileKey(photo.carId, version, photo.n, photo.variant));
      return file ? { version, file } : null;
    },
  };
}
