import type { Queryable } from '@bilmarknaden/db/database';
import { LIST_COUNT_CAP, MAX_WINDOW, SIMILAR_CARS } from '@bilmarknaden/shared/constants';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { MESSAGES } from '../errors.ts';
import { carDetailsRepository } from '../repositories/car-details-repository.ts';
import { carListingsRepository } from '../repositories/car-listings-repository.ts';
import { carsRepository } from '../repositories/cars-repository.ts';
import { searchTermsRepository } from '../repositories/search-terms-repository.ts';
import { keptCloseNames, withCorrectedSearch } from './search-correction.ts';
import { parseAsOf, parseListQuery, parseWindow } from './search-query.ts';

/** A list window as the database wrote its JSON (decision 022), with the snapshot it was read at. */
export interface SnapshotJson {
  asOf: Date;
  json: string;
}

/**
 * The public reads of ads: the list and Swedish search, their count, one ad, a seller's ads and similar ads. The
 * answers are JSON text the database wrote, for the routes to send as they are.
 */
export function listingService({ db }: { db: Queryable }) {
  const listings = carListingsRepository(db);
  const details = carDetailsRepository(db);
  const cars = carsRepository(db);
  // Search forgives spacing and small typos in makes and models (decision 043), the lookups kept.
  const closeNames = keptCloseNames(searchTermsRepository(db).closeNames);
  const readQuery = (raw: Record<string, unknown>) => withCorrectedSearch(parseListQuery(raw), closeNames);

  return {
    /** A window of the visible ads the query's filters and search match. */
    async list(raw: Record<string, unknown>): Promise<SnapshotJson> {
      const query = await readQuery(raw);
      return { asOf: query.asOf, json: await listings.listJson(query) };
    },

    /** How many visible ads the query matches, counted up to LIST_COUNT_CAP (`more` beyond it). */
    async count(raw: Record<string, unknown>): Promise<{ count: number; more: boolean }> {
      const count = await listings.count(await readQuery(raw), LIST_COUNT_CAP + 1);
      return { count: Math.min(count, LIST_COUNT_CAP), more: count > LIST_COUNT_CAP };
    },

    /** One visible ad as the detail's JSON text; 404 for an id that is not one (null: not an id at all). */
    async car(id: number | null): Promise<string> {
      const car = id === null ? null : await details.findActiveJson(id);
      if (car === null) throw new DomainError('not-found', MESSAGES.carNotFound);
      return car;
    },

    /** How many ads the seller has for sale and has sold: the seller box (issue 42). */
    async sellerSummary(raw: { username?: string | undefined }): Promise<{ forSale: number; sold: number }> {
      const username = raw.username?.trim() ?? '';
      if (username === '') throw new DomainError('invalid', 'Ange ett användarnamn', { field: 'username' });
      return listings.sellerCounts(username);
    },

    /** A seller's visible ads, newest first, in a window of the list's kind. */
    async sellerAds(raw: Record<string, unknown> & { username?: string | undefined }): Promise<SnapshotJson> {
      const username = raw.username?.trim() ?? '';
      if (username === '') throw new DomainError('invalid', 'Ange ett användarnamn', { field: 'username' });
      const window = parseWindow(raw, MAX_WINDOW);
      const asOf = parseAsOf(raw);
      return { asOf, json: await listings.listByUserJson(username, window, asOf) };
    },

    /** Ads like a visible one (its make and model, the nearest price first); 404 unless it is for sale or sold. */
    async similar(id: number): Promise<string> {
      const ad = await cars.findOwnership(id);
      // Pending and hidden ads do not exist for the public (issue 46).
      if (!ad || (ad.status !== 'active' && ad.status !== 'sold')) {
        throw new DomainError('not-found', MESSAGES.carNotFound);
      }
      return listings.similarJson(id, SIMILAR_CARS);
    },
  };
}

export type ListingService = ReturnType<typeof listingService>;
