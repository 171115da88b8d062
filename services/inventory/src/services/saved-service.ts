import type { Database } from '@bilmarknaden/db/database';
import { MAX_WINDOW } from '@bilmarknaden/shared/constants';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { accountClosedError, MESSAGES } from '../errors.ts';
import { savedRepository } from '../repositories/saved-repository.ts';
import { parseWindow } from './search-query.ts';

export interface SavedServiceDeps {
  db: Database;
}

/** A user's saved ads; the limit is counted in the repository's transaction, so concurrent saves never pass it. */
export function savedService({ db }: SavedServiceDeps) {
  const saved = savedRepository(db);
  return {
    /** Saves or unsaves the ad (null: not an id); a closed account gets 401, a full list 409. */
    async toggle(username: string, carId: number | null): Promise<boolean> {
      const state = carId === null ? null : await saved.toggle(username, carId);
      if (state === 'closed') throw accountClosedError();
      if (state === null) throw new DomainError('not-found', MESSAGES.carNotFound);
      if (state === 'full') throw new DomainError('conflict', MESSAGES.savedFull);
      return state;
    },

    /** The saved visible ads in the query's window, as the API's JSON text. */
    listJson(username: string, query: Record<string, unknown>): Promise<string> {
      return saved.listJson(username, parseWindow(query, MAX_WINDOW));
    },

    removed: (username: string) => saved.removedOfUser(username),

    async dismissRemoved(username: string, carId: number | null): Promise<void> {
      if (carId === null || !(await saved.dismissRemoved(username, carId))) {
        throw new DomainError('not-found', MESSAGES.carNotFound);
      }
    },

    async isSaved(username: string, carId: number | null): Promise<boolean> {
      return carId !== null && (await saved.isSaved(username, carId));
    },
  };
}

export type SavedService = ReturnType<typeof savedService>;
