import type { Queryable } from '@bilmarknaden/db/database';
import {
  createTokenRevocationList,
  type TokenRevocationList,
  type TokenRevocationListOptions,
  type TokenRevocationSource,
} from '@bilmarknaden/service-kit/token-revocations';
import { tokenRevocationsSince } from '../repositories/token-revocations-repository.ts';

export { revokeAllTokens, revokeTokens } from '../repositories/token-revocations-repository.ts';

/** Identity's revocations read straight from its table (a process that holds identity's database). */
export const databaseRevocationSource =
  (db: Queryable): TokenRevocationSource =>
  (since) =>
    tokenRevocationsSince(db, since);

/**
 * The revocation list of a process that runs identity (the default process): read from the table, and refreshed by
 * identity right after each change it commits (IdentityOptions.tokenRevocations), so the process refuses at once.
 */
export function identityTokenRevocations(
  opts: { db: Queryable } & Omit<TokenRevocationListOptions, 'source'>,
): TokenRevocationList {
  const { db, ...rest } = opts;
  return createTokenRevocationList({ ...rest, source: databaseRevocationSource(db) });
}
