import type { Static } from '@sinclair/typebox';
import type { Database } from '@bilmarknaden/db/database';
import type { Watch } from '@bilmarknaden/shared/api-types';
import type { WatchCreateSchema, WatchUpdateSchema } from '@bilmarknaden/shared/schemas/watch-schemas';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import {
  isWatchable,
  MAX_WATCHES,
  WATCH_MESSAGES,
  WATCH_NOTIFY,
  watchName,
  watchNameMessage,
  watchQueryFrom,
  watchQueryProblem,
  type WatchNotify,
} from '@bilmarknaden/shared/watches';
import { accountClosedError } from '../errors.ts';
import { closedSellersRepository } from '../repositories/closed-sellers-repository.ts';
import { watchesRepository } from '../repositories/watches-repository.ts';
import { searchTermsRepository } from '../repositories/search-terms-repository.ts';
import { parseListQuery } from './search-query.ts';
import { withCorrectedSearch } from './search-correction.ts';
import { unsubscribeTokens } from './unsubscribe-tokens.ts';

/** The most matched ads a bevakning's page lists. */
export const WATCH_ADS_LIMIT = 100;

/** A creation's or a change's body, read loosely: the rules below give each fault its Swedish message. */
export type WatchInput = Partial<Static<typeof WatchCreateSchema>> & Static<typeof WatchUpdateSchema>;

function readName(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const name = typeof value === 'string' ? value : '';
  const message = watchNameMessage(name);
  if (message) throw new DomainError('invalid', message, { field: 'name' });
  return name.trim();
}

function readNotify(value: unknown): WatchNotify | undefined {
  if (value === undefined) return undefined;
  const found = WATCH_NOTIFY.find((n) => n === value);
  if (!found) throw new DomainError('invalid', WATCH_MESSAGES.notify, { field: 'notify' });
  return found;
}

function readPaused(value: unknown): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  throw new DomainError('invalid', 'Ange paused som true eller false', { field: 'paused' });
}

export interface WatchServiceDeps {
  db: Database;
  now?: () => Date;
}

/** A user's bevakningar (issue 26, decision 040): saved searches, their new ads and one-click unsubscribing. */
export function watchService({ db, now = () => new Date() }: WatchServiceDeps) {
  const watches = watchesRepository(db);
  const tokens = unsubscribeTokens(db);

  async function own(id: number | null, username: string): Promise<Watch> {
    const watch = id === null ? null : await watches.find(id, username);
    if (!watch) throw new DomainError('not-found', WATCH_MESSAGES.notFound);
    return watch;
  }

  return {
    /**
     * Saves a search: the list's own parser reads it (a filter the list refuses is refused here with the same
     * message), at most MAX_WATCHES per user, counted under the user's lock.
     */
    async create(username: string, input: WatchInput): Promise<Watch> {
      const raw = (input.query ?? {}) as Record<string, unknown>;
      const strings: Record<string, string> = {};
      for (const [key, value] of Object.entries(raw)) {
        if (typeof value === 'string') strings[key] = value;
        else if (typeof value === 'number') strings[key] = String(value);
      }
      const query = watchQueryFrom(strings);
      if (!isWatchable(query)) throw new DomainError('invalid', WATCH_MESSAGES.empty, { field: 'query' });
      const problem = watchQueryProblem(query);
      if (problem) throw new DomainError('invalid', problem.message, { field: problem.field });
      const parsed = await withCorrectedSearch(parseListQuery(query), searchTermsRepository(db).closeNames);
      if (parsed.wordlessTerm) throw new DomainError('invalid', WATCH_MESSAGES.wordless, { field: 'searchterm' });
      // Kept as the list reads it ('dragkrok,motorvarmare'), so its link and chips are the list's.
      if (query.equipment !== undefined) query.equipment = parsed.equipment?.join(',') ?? '';
      if (query.equipment === '') delete query.equipment;
      if (query.within !== undefined) query.within = String(parsed.distance?.within);
      if (query.seller !== undefined) query.seller = parsed.seller;
      if (query.dealer !== undefined) query.dealer = parsed.dealer;
      if (!query.seller) delete query.seller;
      if (!query.dealer) delete query.dealer;
      if (!isWatchable(query)) throw new DomainError('invalid', WATCH_MESSAGES.empty, { field: 'query' });
      const name = readName(input.name ?? watchName(query))!;
      const notify = readNotify(input.notify ?? 'site')!;
      const id = await db.transaction(async (tx) => {
        const repository = watchesRepository(tx);
        await repository.lockUser(username);
        if (await closedSellersRepository(tx).isClosed(username)) throw accountClosedError();
        if ((await repository.countOfUser(username)) >= MAX_WATCHES) {
          throw new DomainError('conflict', WATCH_MESSAGES.limit);
        }
        return repository.insert(username, { name, notify, query }, parsed);
      });
      return own(id, username);
    },

    list: (username: string) => watches.listOfUser(username),
    newCount: (username: string) => watches.newCountOfUser(username),
    get: own,

    async update(id: number | null, username: string, input: WatchInput): Promise<Watch> {
      const patch = { name: readName(input.name), notify: readNotify(input.notify), paused: readPaused(input.paused) };
      if (id === null || !(await watches.update(id, username, patch))) {
        throw new DomainError('not-found', WATCH_MESSAGES.notFound);
      }
      return own(id, username);
    },

    async remove(id: number | null, username: string): Promise<void> {
      if (id === null || !(await watches.remove(id, username))) {
        throw new DomainError('not-found', WATCH_MESSAGES.notFound);
      }
    },

    /** The bevakning's matched ads, new first (JSON text). */
    async adsJson(id: number | null, username: string): Promise<string> {
      const watch = await own(id, username);
      return watches.adsJson(watch.id, WATCH_ADS_LIMIT);
    },

    async markSeen(id: number | null, username: string): Promise<void> {
      if (id === null || !(await watches.markSeen(id, username))) {
        throw new DomainError('not-found', WATCH_MESSAGES.notFound);
      }
    },

    /** A mail's one-click link: the bevakning is kept, its mails stop ('Bara här på sajten'). */
    async unsubscribe(watchId: number | null, token: string): Promise<{ name: string }> {
      const owner =
        watchId === null
          ? null
          : (
              await db.query<{ username: string; name: string }>(
                'SELECT username, name FROM inventory.watches WHERE id = $1',
                [watchId],
              )
            ).rows[0];
      if (watchId === null) throw new DomainError('invalid', WATCH_MESSAGES.tokenInvalid, { field: 'watch' });
      const check = await tokens.check(token, watchId, owner?.username ?? null, now());
      if (!check.ok) {
        if (check.reason === 'expired')
          throw new DomainError('invalid', WATCH_MESSAGES.tokenExpired, { field: 'token' });
        if (check.reason === 'other') throw new DomainError('forbidden', WATCH_MESSAGES.tokenOther, { field: 'token' });
        throw new DomainError('invalid', WATCH_MESSAGES.tokenInvalid, { field: 'token' });
      }
      await db.query(`UPDATE inventory.watches SET notify = 'site' WHERE id = $1`, [check.watchId]);
      return { name: owner!.name };
    },
  };
}

export type WatchService = ReturnType<typeof watchService>;
