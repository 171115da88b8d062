import { VERIFICATION_REQUIRED_MESSAGES, type Actor } from '@bilmarknaden/shared/verification';
import type { Database } from '@bilmarknaden/db/database';
import type { SoldCarListItem } from '@bilmarknaden/shared/api-types';
import { lastFailure, type Rule } from '@bilmarknaden/shared/validation/rules';
import {
  normalizeRegistrationNumber,
  REGISTRATION_NUMBER_MESSAGES,
  registrationNumberRules,
  type RegistrationNumberInput,
} from '@bilmarknaden/shared/validation/registration-number';
import {
  newAdRules,
  normalizeNewAd,
  toValidAd,
  type NewAdInput,
  type ValidAd,
} from '@bilmarknaden/shared/validation/new-ad';
import { ImageRejectedError, type PhotoBytes, type ProcessedImage } from '../images/image-pipeline.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { fileKey, versionKeys } from '../storage/file-keys.ts';
import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import { MODERATION_MESSAGES } from '@bilmarknaden/shared/validation/moderation';
import { accountClosedError, MESSAGES } from '../errors.ts';
import { carDetailsRepository } from '../repositories/car-details-repository.ts';
import {
  carsRepository,
  registrationNumberTaken,
  type AdUpdate,
  type AdVehicle,
  type CarOwnership,
} from '../repositories/cars-repository.ts';
import { closedSellersRepository } from '../repositories/closed-sellers-repository.ts';
import { fileRemovalsRepository, type PhotoVersion } from '../repositories/file-removals-repository.ts';
import { makesRepository, type ResolvedMakeModel } from '../repositories/makes-repository.ts';
import { priceRepository } from '../repositories/price-repository.ts';
import { hiddenAdsRepository } from '../repositories/hidden-ads-repository.ts';
import { PRICE_HOLD_SHARE } from '@bilmarknaden/shared/price-hold';
import { AD_LIFECYCLE_MESSAGES } from '@bilmarknaden/shared/ad-lifecycle';
import type { Log } from '@bilmarknaden/service-kit/log';
import type { VehicleRegister } from '../register/vehicle-register.ts';
import type { DealerDirectory } from '@bilmarknaden/service-kit/dealer-directory';

export type ImageProcessor = (input: PhotoBytes) => Promise<ProcessedImage>;

const JPEG = 'image/jpeg';

/**
 * A new-ad or edit form as the route read it: text fields (first value of each name) and the photos in upload
 * order, each as the chunks it arrived in (never joined on the server's thread: see PhotoBytes).
 */
export interface AdForm {
  fields: Record<string, string>;
  /** The `equipment` values as sent (each a code or codes joined by commas); null when none was sent. */
  equipment: string[] | null;
  files: Buffer[][];
}

/** What settling one `inventory.file_removals` entry did. */
export type RemovalOutcome =
  | { status: 'done' }
  /** Nothing done: the entry is gone or another process is settling it. */
  | { status: 'skipped' }
  /** The store refused: the entry stays for the next start-up. */
  | { status: 'failed'; error: unknown };

/**
 * Deletes the files of a recorded photo version, then its entry. The entry stays locked meanwhile, so a
 * replacement cannot switch its ad to a version whose files are being deleted (decision 028).
 */
export async function settleFileRemoval(
  db: Database,
  storage: FileStorage,
  entry: PhotoVersion,
): Promise<RemovalOutcome> {
  return db.transaction(async (tx) => {
    const removals = fileRemovalsRepository(tx);
    if (!(await removals.claim(entry))) return { status: 'skipped' };
    try {
      await storage.delete(versionKeys(entry.carId, entry.version));
    } catch (error) {
      return { status: 'failed', error };
    }
    await removals.remove(entry);
    return { status: 'done' };
  });
}

/** Settles entries just committed; a failure is logged and the entry stays for the start-up cleanup. */
export async function settleFileRemovals(
  db: Database,
  storage: FileStorage,
  entries: readonly PhotoVersion[],
  log?: Pick<Log, 'warn'>,
): Promise<void> {
  for (const entry of entries) {
    try {
      const outcome = await settleFileRemoval(db, storage, entry);
      if (outcome.status === 'failed') log?.warn({ err: outcome.error, ...entry }, 'could not remove photo files');
    } catch (err) {
      log?.warn({ err, ...entry }, 'could not remove photo files');
    }
  }
}

/**
 * The shared new-ad rules plus the catalogue: the make must be a known make and the model one of its
 * models. The catalogue rules sit right after the model rules so "the last failing rule wins" still holds.
 */
export function adRules(resolved: ResolvedMakeModel): Rule<NewAdInput>[] {
  const catalogue: Rule<NewAdInput>[] = [
    { field: 'make', message: 'Ange ett märke', fails: (a) => a.make !== '' && resolved.make === null },
    {
      field: 'model',
      message: 'Ange en modell',
      fails: (a) => a.model !== '' && resolved.make !== null && resolved.model === null,
    },
  ];
  const afterModel = newAdRules.findLastIndex((r) => r.field === 'model') + 1;
  return [...newAdRules.slice(0, afterModel), ...catalogue, ...newAdRules.slice(afterModel)];
}

export interface AdServiceDeps {
  db: Database;
  /** Where a new ad's car is looked up (decision 051). */
  register: VehicleRegister;
  storage: FileStorage;
  processImage: ImageProcessor;
  log: Pick<Log, 'warn' | 'error'>;
  /** New ads need a seller verified with BankID (VERIFICATION_REQUIRED=publish). */
  requireVerified?: boolean;
  /** A dealer's member publishes for the dealer (issue 45); without it every seller is private. */
  dealers?: DealerDirectory;
}

/** How a photo replacement's switch ended (decision 028). */
type SwitchOutcome =
  | { status: 'switched'; old: PhotoVersion }
  /** The ad is gone, or no longer the user's or visible. */
  | { status: 'gone' }
  /** A replacement started later switched first: its photos stay, as if this one had been overwritten. */
  | { status: 'superseded' }
  /** A start-up cleanup took this version's entry (the write outlived its grace period). */
  | { status: 'abandoned' };

/**
 * Creating, editing and removing ads with their photos, all or nothing: photos are checked and re-encoded
 * before anything is stored, an ad stays 'pending' (invisible) until every photo is stored, and on any
 * failure the written files and the row are removed. No database transaction is open while photos are
 * processed or stored. Photos are stored under versioned keys (decision 028): a replacement writes a new
 * version beside the old one and switches the row to it in one transaction; a version no row points at is
 * recorded in `inventory.file_removals` and its files are deleted after the commit.
 */
export function adService({
  db,
  register,
  storage,
  processImage,
  log,
  requireVerified = false,
  dealers,
}: AdServiceDeps) {
  const cars = carsRepository(db);
  const details = carDetailsRepository(db);
  const makes = makesRepository(db);
  const removals = fileRemovalsRepository(db);
  const closedSellers = closedSellersRepository(db);
  const prices = priceRepository(db);

  async function validate(fields: Record<string, unknown>, equipment: string[] | null = null): Promise<ValidAd> {
    const input = normalizeNewAd({ ...fields, equipment });
    const resolved = await makes.resolve(input.make, input.model);
    refuseFailure(lastFailure(adRules(resolved), input));
    return { ...toValidAd(input), make: resolved.make!, model: resolved.model! };
  }

  /**
   * A new ad's fields and car: the number's rules come first in the form, so another field's failure is the one
   * shown (the last failing rule wins). The register is asked only for a valid ad; a stolen car is refused.
   */
  async function validateNew(
    fields: Record<string, unknown>,
    equipment: string[] | null,
  ): Promise<{ ad: ValidAd; vehicle: AdVehicle }> {
    const input: NewAdInput & RegistrationNumberInput = {
      ...normalizeNewAd({ ...fields, equipment }),
      registrationNumber: typeof fields.registrationNumber === 'string' ? fields.registrationNumber : '',
    };
    const resolved = await makes.resolve(input.make, input.model);
    const rules: Rule<NewAdInput & RegistrationNumberInput>[] = [...registrationNumberRules, ...adRules(resolved)];
    refuseFailure(lastFailure(rules, input));
    const registrationNumber = normalizeRegistrationNumber(input.registrationNumber);
    const facts = await lookUp(registrationNumber);
    if (facts?.stolen) {
      throw new DomainError('invalid', REGISTRATION_NUMBER_MESSAGES.stolen(registrationNumber), {
        field: 'registrationNumber',
      });
    }
    return {
      ad: { ...toValidAd(input), make: resolved.make!, model: resolved.model! },
      vehicle: { registrationNumber, facts: facts && { ...facts, fetchedAt: new Date().toISOString() } },
    };
  }

  /** The register's facts of a normalized number; 503 when the register cannot answer. */
  async function lookUp(registrationNumber: string) {
    try {
      return await register.lookup(registrationNumber);
    } catch (err) {
      log.error({ err, registrationNumber }, 'the vehicle register did not answer');
      throw new DomainError('unavailable', REGISTRATION_NUMBER_MESSAGES.unavailable);
    }
  }

  /**
   * The price below which the ad is held for a moderator ('Granskas', issue 42): PRICE_HOLD_SHARE of the low end
   * of its fair-price range, or null when it has no range or the ad's price is not below it: then no hold statement
   * runs, whose UPDATE would fire the price and bevakning statement triggers for no row.
   */
  async function holdBelow(ad: ValidAd): Promise<number | null> {
    const range = await prices.range(ad.make, ad.model, ad.year, ad.milage);
    const below = range.low === null ? null : PRICE_HOLD_SHARE * range.low;
    return below !== null && ad.price < below ? below : null;
  }

  /** 409 naming the number: another ad of the car is pending, for sale or hidden. */
  const takenError = (registrationNumber: string) =>
    new DomainError('conflict', REGISTRATION_NUMBER_MESSAGES.taken(registrationNumber), {
      field: 'registrationNumber',
    });

  async function processAll(files: readonly PhotoBytes[]): Promise<ProcessedImage[]> {
    const results = await Promise.allSettled(files.map((f) => processImage(f)));
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (rejected) {
      const err = rejected.reason;
      if (err instanceof ImageRejectedError) throw new DomainError('invalid', err.message, { field: 'images' });
      throw err;
    }
    return results.map((r) => (r as PromiseFulfilledResult<ProcessedImage>).value);
  }

  /** Writes photos 1…k of a version; throws after every write has settled, so nothing is still being written. */
  async function writePhotos({ carId, version }: PhotoVersion, photos: readonly ProcessedImage[]): Promise<void> {
    const writes = photos.flatMap((p, i) => [
      storage.put(fileKey(carId, version, i + 1), p.full, JPEG),
      storage.put(fileKey(carId, version, i + 1, 'card'), p.card, JPEG),
    ]);
    const failed = (await Promise.allSettled(writes)).find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }

  /**
   * The ad of an owner action: 404 unless it is visible (for sale, or sold when `sold` allows it) or the user's
   * own hidden one, 403 unless it is the user's; a sold ad where only one for sale will do is 409, and so is an ad
   * the moderators hid, or an expired one, unless `hidden` allows it (the owner may still remove it).
   */
  async function ownAd(
    carId: number,
    username: string,
    sold: 'refused' | 'allowed' = 'refused',
    hidden: 'refused' | 'allowed' = 'refused',
  ): Promise<CarOwnership> {
    const car = await cars.findOwnership(carId);
    // A hidden ad exists for its owner alone: anyone else is answered as if it did not (issue 46).
    if (!car || car.status === 'pending' || (car.status === 'hidden' && car.username !== username)) {
      throw new DomainError('not-found', MESSAGES.carNotFound);
    }
    if (car.username !== username) throw new DomainError('forbidden', MESSAGES.forbidden);
    if (car.status === 'hidden' && hidden === 'refused') {
      throw new DomainError('conflict', MODERATION_MESSAGES.hiddenNotEdited);
    }
    if (car.status === 'sold' && sold === 'refused') throw new DomainError('conflict', MESSAGES.carSold);
    // An expired ad is renewed first ('Förnya'); only its removal is taken as it is.
    if (car.status === 'expired' && hidden === 'refused') {
      throw new DomainError('conflict', AD_LIFECYCLE_MESSAGES.expiredNotEdited);
    }
    return car;
  }

  /**
   * Points the ad at the written version, with the new fields, in one transaction. Of two replacements of one
   * ad, the one that took its version later wins, whichever switches first, so the version only grows.
   */
  function switchPhotos(written: PhotoVersion, username: string, ad: AdUpdate, count: number, below: number | null) {
    return db.transaction(async (tx): Promise<SwitchOutcome> => {
      const txCars = carsRepository(tx);
      const current = await txCars.findOwnership(written.carId, true);
      if (!current || current.status !== 'active' || current.username !== username) return { status: 'gone' };
      if (current.imageVersion > written.version) return { status: 'superseded' };
      const txRemovals = fileRemovalsRepository(tx);
      if (!(await txRemovals.remove(written))) return { status: 'abandoned' };
      await txCars.update(written.carId, username, ad, { count, version: written.version });
      if (below !== null) await hiddenAdsRepository(tx).holdForPrice(written.carId, below);
      const old = { carId: written.carId, version: current.imageVersion };
      await txRemovals.add([old]);
      return { status: 'switched', old };
    });
  }

  /** The photo part of `update`: the new version is written, switched to, and the old one removed. */
  async function replacePhotos(
    carId: number,
    username: string,
    ad: AdUpdate,
    files: readonly PhotoBytes[],
    below: number | null,
  ) {
    const photos = await processAll(files);
    const version = await removals.startVersion(carId, username);
    if (version === null) throw new DomainError('not-found', MESSAGES.carNotFound);
    const written = { carId, version };
    let outcome: SwitchOutcome;
    try {
      await writePhotos(written, photos);
      outcome = await switchPhotos(written, username, ad, photos.length, below);
    } catch (err) {
      await settleFileRemovals(db, storage, [written], log);
      throw err;
    }
    if (outcome.status === 'switched') return settleFileRemovals(db, storage, [outcome.old], log);
    if (outcome.status === 'abandoned') {
      // Its entry is gone with the cleanup: the files written since are deleted here.
      await storage.delete(versionKeys(carId, version));
      throw new Error(`the photo write of ad ${carId} was cleaned up under it`);
    }
    await settleFileRemovals(db, storage, [written], log);
    if (outcome.status === 'gone') throw new DomainError('not-found', MESSAGES.carNotFound);
  }

  return {
    validate,

    /** `GET /vehicle-register/{number}`: the register's facts for the new-ad form; 404 with the message to show. */
    async lookupVehicle(number: string) {
      const input = { registrationNumber: number };
      refuseFailure(lastFailure(registrationNumberRules, input));
      const registrationNumber = normalizeRegistrationNumber(number);
      const facts = await lookUp(registrationNumber);
      if (!facts) throw new DomainError('not-found', REGISTRATION_NUMBER_MESSAGES.notFound(registrationNumber));
      return facts;
    },

    /**
     * `POST /001/1001`: the new ad's id once it is visible with all its photos. A closed account (its token is
     * valid until it expires) gets 401 before its form is read, and again if it was closed during the upload.
     *
     * What the closure covers: the erasure (services/seller-erasure.ts) records the account in
     * `inventory.closed_sellers` and only then reads and removes the seller's ads, in every state. An upload whose
     * publishing statement (`activate`, which checks the record in that same statement) starts after the record
     * committed is refused, and its row and files are removed below. One that published earlier, or whose
     * statement was still running as the record committed, inserted its row before the record, so before the
     * erasure reads the ads: the erasure removes it (waiting for the row's lock), pending or published.
     * Not covered: a crash between a refused publishing and the removal below leaves a pending (invisible) row
     * with its files, removed by the start-up cleanup like any unfinished upload.
     */
    async create(
      { username, verified }: Actor,
      readForm: () => Promise<AdForm>,
    ): Promise<{ id: number; held: boolean }> {
      if (requireVerified && !verified) throw new DomainError('forbidden', VERIFICATION_REQUIRED_MESSAGES.publish);
      if (await closedSellers.isClosed(username)) throw accountClosedError();
      const form = await readForm();
      const { ad, vehicle } = await validateNew(form.fields, form.equipment);
      const photos = await processAll(form.files);
      const below = await holdBelow(ad);
      // A dealer's member publishes for the dealer: the ad shows the company name and 'Handlare'.
      const dealer = (await dealers?.ofMember(username)) ?? null;
      // The unique index decides between two publishes of one number at once: the later insert fails, nothing stored.
      const id = await cars.insertPending(ad, username, vehicle, dealer).catch((err: unknown) => {
        throw registrationNumberTaken(err) ? takenError(vehicle.registrationNumber) : err;
      });
      // A new ad's photos are version 1 (the column's default).
      const written = { carId: id, version: 1 };
      try {
        await writePhotos(written, photos);
        // Published and, when far too cheap, held in one transaction: no bevakning ever sees it for sale.
        const held = await db.transaction(async (tx) => {
          if (!(await carsRepository(tx).activate(id, photos.length))) return null;
          return below !== null && (await hiddenAdsRepository(tx).holdForPrice(id, below));
        });
        if (held === null) {
          if (await closedSellers.isClosed(username)) throw accountClosedError();
          throw new Error(`ad ${id} disappeared while pending`);
        }
        return { id, held };
      } catch (err) {
        // Files first: if this fails, the row stays pending and the start-up cleanup removes it with its files.
        try {
          await storage.delete(versionKeys(id, 1));
          await cars.delete(id);
        } catch (e) {
          log.error({ err: e, carId: id }, 'could not remove a failed ad');
        }
        throw err;
      }
    },

    /**
     * `PUT /cars/{id}`: the same fields and rules as a new ad. Photos, when any are sent, replace all the
     * old ones: processed, written as a new version, switched to with the fields, then the old ones removed.
     * The registration number is the car's identity: an edit may repeat it but not change it. An edit that sends
     * no equipment keeps the ad's (a client of the specification's fields knows nothing of it; the form always
     * sends the field, empty for none).
     */
    async update(carId: number, username: string, readForm: () => Promise<AdForm>): Promise<void> {
      const car = await ownAd(carId, username);
      const form = await readForm();
      const sent = normalizeRegistrationNumber(form.fields.registrationNumber);
      if (sent !== '' && sent !== car.registrationNumber) {
        throw new DomainError('invalid', REGISTRATION_NUMBER_MESSAGES.unchangeable, { field: 'registrationNumber' });
      }
      const valid = await validate(form.fields, form.equipment);
      const ad: AdUpdate = form.equipment === null ? { ...valid, equipment: null } : valid;
      // An edit to a price far below the range is held as a new ad would be (the range counts this ad itself).
      const below = await holdBelow(valid);
      if (form.files.length > 0) return replacePhotos(carId, username, ad, form.files, below);
      const updated = await db.transaction(async (tx) => {
        if (!(await carsRepository(tx).update(carId, username, ad))) return false;
        if (below !== null) await hiddenAdsRepository(tx).holdForPrice(carId, below);
        return true;
      });
      if (!updated) throw new DomainError('not-found', MESSAGES.carNotFound);
    },

    /** `DELETE /cars/{id}`: the row (its saved entries by cascade) with the record of its photos, then the files. */
    async remove(carId: number, username: string): Promise<void> {
      await ownAd(carId, username, 'allowed', 'allowed');
      const removed = await db.transaction(async (tx) => {
        const version = await carsRepository(tx).delete(carId, username);
        if (version === null) return null;
        const entry = { carId, version };
        await fileRemovalsRepository(tx).add([entry]);
        return entry;
      });
      if (removed === null) throw new DomainError('not-found', MESSAGES.carNotFound);
      await settleFileRemovals(db, storage, [removed], log);
    },

    /** `PUT /cars/{id}/sold`: the ad leaves lists and search; its page says 'Såld'. Marking it again is harmless. */
    async markSold(carId: number, username: string): Promise<string> {
      const car = await ownAd(carId, username, 'allowed');
      const soldAt = await prices.markSold(carId, username);
      if (soldAt !== null) return soldAt;
      const now = await details.findActive(carId);
      if (car.status === 'sold' && now?.soldAt) return now.soldAt;
      throw new DomainError('not-found', MESSAGES.carNotFound);
    },

    /** `DELETE /cars/{id}/sold` ('Ångra'): the ad is for sale again, its time for sale counted from publishing. */
    async undoSold(carId: number, username: string): Promise<void> {
      const car = await ownAd(carId, username, 'allowed');
      if (car.status === 'active') return;
      // Another ad of the car may have been published since the sale freed its number.
      const back = await prices.undoSold(carId, username).catch((err: unknown) => {
        throw registrationNumberTaken(err) && car.registrationNumber ? takenError(car.registrationNumber) : err;
      });
      if (!back) throw new DomainError('not-found', MESSAGES.carNotFound);
    },

    /** The seller's sold ads, newest sale first. */
    ownSold(username: string): Promise<SoldCarListItem[]> {
      return prices.soldBy(username);
    },
  };
}

export type AdService = ReturnType<typeof adService>;
