import type { Database } from '@bilmarknaden/db/database';
import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import {
  ACCOUNT_CLOSURE_MESSAGES,
  accountClosureRules,
  normalizeAccountClosure,
} from '@bilmarknaden/shared/validation/account-closure';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { closedAccountsRepository } from '../repositories/closed-accounts-repository.ts';
import { deleteAccountAttempts } from '../repositories/login-attempts-repository.ts';
import { revokeAllTokens } from '../repositories/token-revocations-repository.ts';
import { usersRepository, type UserRecord } from '../repositories/users-repository.ts';
import { countPasswordAttempt, type LoginDeps } from './login-service.ts';

export interface AccountClosureDeps extends Pick<LoginDeps, 'attempts' | 'hasher' | 'limit' | 'now'> {
  db: Database;
}

/**
 * A logged-in user closes their account for good (`DELETE /user`). The password is asked for, and wrong guesses
 * count towards the login limit of the account, as for a password change. In one transaction the user row goes
 * (name, email, address, phone, hash), the username is recorded in `identity.closed_accounts` (retired for good, and
 * the outbox from which the server's relay erases the seller's ads in inventory) and the account's login attempts,
 * which hold its email, are removed.
 */
export function accountClosureService(deps: AccountClosureDeps) {
  const { db, hasher, now } = deps;
  return {
    /** `closedNow`: false when a simultaneous request of the same account closed it first. */
    async close(
      user: UserRecord,
      body: Record<string, unknown>,
      address: string,
    ): Promise<{ username: string; closedNow: boolean }> {
      const input = normalizeAccountClosure(body);
      refuseFailure(lastFailure(accountClosureRules, input));

      const account = user.email.toLowerCase();
      await countPasswordAttempt(deps, account, address, now(), ACCOUNT_CLOSURE_MESSAGES.tooMany);
      if (!(await hasher.verify(user.passwordHash, input.password))) {
        throw new DomainError('forbidden', ACCOUNT_CLOSURE_MESSAGES.wrongPassword, { field: 'password' });
      }

      const closedAt = now();
      const closedNow = await db.transaction(async (tx) => {
        if (!(await usersRepository(tx).delete(user.id))) return false;
        await closedAccountsRepository(tx).add(user.username, closedAt);
        // Every service refuses the account's tokens within a minute (decision 033).
        await revokeAllTokens(tx, user.username, closedAt);
        await deleteAccountAttempts(tx, account);
        return true;
      });
      return { username: user.username, closedNow };
    },
  };
}
