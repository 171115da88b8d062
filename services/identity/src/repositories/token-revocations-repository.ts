import type { Queryable } from '@bilmarknaden/db/database';
import { toDate } from '@bilmarknaden/db/timestamps';
import type { RevocationBatch } from '@bilmarknaden/service-kit/token-revocations';

/**
 * Refuses, in every service, the user's tokens issued before `at` (whole seconds: a token of the same second, like
 * the one a password change answers with, is kept). Call it inside the transaction of the change; issue #27's
 * block calls it too. The services see it within their list's refresh (decision 033).
 */
export async function revokeTokens(tx: Queryable, username: string, at: Date): Promise<void> {
  await tx.query(
    `INSERT INTO identity.token_revocations (username_key, not_before, recorded_at)
     VALUES (lower($1), $2::timestamptz, clock_timestamp())
     ON CONFLICT (username_key) DO UPDATE
       SET not_before = GREATEST(identity.token_revocations.not_before, EXCLUDED.not_before),
           recorded_at = EXCLUDED.recorded_at`,
    [username, at.toISOString()],
  );
}

/**
 * For changes after which no token of the user is issued (a closure, a block): refuses every token issued up to
 * and including `at`'s second, since whole-second `iat`s cannot tell a token of that second from an earlier one.
 */
export function revokeAllTokens(tx: Queryable, username: string, at: Date): Promise<void> {
  return revokeTokens(tx, username, new Date(Math.floor(at.getTime() / 1000) * 1000 + 1000));
}

/** The entries recorded after `since`, and the database's clock read before them (the next `since`). */
export async function tokenRevocationsSince(db: Queryable, since: Date): Promise<RevocationBatch> {
  const { rows: clock } = await db.query<{ now: Date | string }>('SELECT clock_timestamp() AS now');
  const { rows } = await db.query<{ username_key: string; not_before: Date | string }>(
    'SELECT username_key, not_before FROM identity.token_revocations WHERE recorded_at > $1::timestamptz',
    [since.toISOString()],
  );
  return {
    now: toDate(clock[0]!.now),
    revocations: rows.map((r) => ({ username: r.username_key, notBefore: toDate(r.not_before) })),
  };
}
