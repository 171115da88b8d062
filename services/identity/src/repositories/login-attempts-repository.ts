import { isIPv6 } from 'node:net';
import type { Database, Queryable } from '@bilmarknaden/db/database';
import { toDateOrNull } from '@bilmarknaden/db/timestamps';

export interface FailureLimits {
  /** Failed attempts allowed per (account, address) within the window. */
  perAccountAndAddress: number;
  /** Failed attempts allowed per address, whatever the account. */
  perAddress: number;
  /**
   * Failed attempts per account from all addresses together beyond which the account is not blocked but each
   * address gets one try only: an address with a failure on the account in the window waits. So a guesser with
   * many addresses cannot lock the owner out, who comes with none (decision 036).
   */
  perAccount: number;
}

interface BlockRow {
  pair: Date | string | null;
  address: Date | string | null;
  account: Date | string | null;
  pair_last: Date | string | null;
}

/**
 * The key an address's attempts are counted under: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber's network holds 2^64 addresses, which would otherwise each count apart), an IPv4-mapped one as IPv4.
 */
export function attemptAddress(address: string): string {
  const ip = address.split('%')[0]!.toLowerCase();
  if (!isIPv6(ip)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = ip.split('::');
  const heads = head ? head.split(':') : [];
  const tails = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? heads : [...heads, ...Array<string>(8 - heads.length - tails.length).fill('0'), ...tails];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export type LoginAttemptsRepository = ReturnType<typeof loginAttemptsRepository>;

export function loginAttemptsRepository(db: Database) {
  return {
    /**
     * Counts a login attempt of `account` from `address` before its password is checked, unless a scope is at its
     * limit in the window (since `since`): then nothing is written and the answer is, for each scope over its
     * limit, the time of its limit-th most recent attempt (the scope stays blocked until that attempt leaves the
     * window). An account at its limit blocks only an address that has failed on it in the window, until that
     * failure or the account's limit-th most recent attempt leaves the window, whichever is first. Empty when the
     * attempt was written.
     *
     * The check and the write run one at a time per account and per address (transaction-scoped advisory locks,
     * always taken in that order), so parallel guesses are counted exactly: each sees every earlier attempt of
     * its scopes committed. Attempts that left every window are dropped first, outside the locks.
     */
    async begin(account: string, from: string, at: Date, since: Date, limits: FailureLimits): Promise<Date[]> {
      const address = attemptAddress(from);
      await db.query('DELETE FROM identity.login_attempts WHERE attempted_at <= $1::timestamptz', [
        since.toISOString(),
      ]);
      return db.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('login-account:' || $1, 0))`, [account]);
        await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('login-address:' || $1, 0))`, [address]);
        const { rows } = await tx.query<BlockRow>(
          `SELECT
             (SELECT attempted_at FROM identity.login_attempts
               WHERE account = $1 AND address = $2 AND attempted_at > $3::timestamptz
               ORDER BY attempted_at DESC OFFSET $4 LIMIT 1) AS pair,
             (SELECT attempted_at FROM identity.login_attempts
               WHERE address = $2 AND attempted_at > $3::timestamptz
               ORDER BY attempted_at DESC OFFSET $5 LIMIT 1) AS address,
             (SELECT attempted_at FROM identity.login_attempts
               WHERE account = $1 AND attempted_at > $3::timestamptz
               ORDER BY attempted_at DESC OFFSET $6 LIMIT 1) AS account,
             (SELECT max(attempted_at) FROM identity.login_attempts
               WHERE account = $1 AND address = $2 AND attempted_at > $3::timestamptz) AS pair_last`,
          [
            account,
            address,
            since.toISOString(),
            limits.perAccountAndAddress - 1,
            limits.perAddress - 1,
            limits.perAccount - 1,
          ],
        );
        const row = rows[0];
        const blocking = row ? [row.pair, row.address].map(toDateOrNull).filter((d): d is Date => d !== null) : [];
        const [accountLimit, pairLast] = [toDateOrNull(row?.account ?? null), toDateOrNull(row?.pair_last ?? null)];
        if (accountLimit && pairLast) blocking.push(accountLimit < pairLast ? accountLimit : pairLast);
        if (blocking.length === 0) {
          await tx.query(
            `INSERT INTO identity.login_attempts (account, address, attempted_at) VALUES ($1, $2, $3::timestamptz)`,
            [account, address, at.toISOString()],
          );
        }
        return blocking;
      });
    },

    /** A successful login forgives the failures of that account from that address. */
    async clearPair(account: string, address: string): Promise<void> {
      await db.query('DELETE FROM identity.login_attempts WHERE account = $1 AND address = $2', [
        account,
        attemptAddress(address),
      ]);
    },
  };
}

/**
 * Forgets every attempt counted on `account` (a lower-cased email): a closed account's email leaves the database.
 * A function of its own, so that it runs inside the closure's transaction.
 */
export async function deleteAccountAttempts(db: Queryable, account: string): Promise<void> {
  await db.query('DELETE FROM identity.login_attempts WHERE account = $1', [account]);
}
