import type { Database } from '@bilmarknaden/db/database';
import { accountClosureRules, normalizeAccountClosure } from '@bilmarknaden/shared/validation/account-closure';
import { lastFailure, type RuleFailure } from '@bilmarknaden/shared/validation/rules';
import { createClosedAccountsRepository } from '../repositories/closed-accounts-repository.ts';
import { deleteAccountAttempts } from '../repositories/login-attempts-repository.ts';
import { createUsersRepository, type UserRecord } from '../repositories/users-repository.ts';
import { beginPasswordAttempt, type LoginDeps } from './login-service.ts';

export type AccountClosureResult =
  | { kind: 'invalid'; failure: RuleFailure }
  | { kind: 'limited'; retryAfterSeconds: number }
  | { kind: 'wrong-password' }
  /** `closedNow`: false when a simultaneous request of the same account closed it first. */
  | { kind: 'closed'; username: string; closedNow: boolean };

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
export function createAccountClosureService({ db, attempts, hasher, limit, now }: AccountClosureDeps) {
  return {
    async close(user: UserRecord, body: Record<string, unknown>, address: string): Promise<AccountClosureResult> {
      const input = normalizeAccountClosure(body);
      const failure = lastFailure(accountClosureRules, input);
      if (failure) return { kind: 'invalid', failure };

      const account = user.email.toLowerCase();
      const limited = await beginPasswordAttempt(attempts, limit, account, address, now());
      if (limited) return { kind: 'limited', ...limited };
      if (!(await hasher.verify(user.passwordHash, input.password))) return { kind: 'wrong-password' };

      const closedAt = now();
      const closedNow = await db.transaction(async (tx) => {
        if (!(await createUsersRepository(tx).delete(user.id))) return false;
        await createClosedAccountsRepository(tx).add(user.username, closedAt);
        await deleteAccountAttempts(tx, account);
        return true;
      });
      return { kind: 'closed', username: user.username, closedNow };
    },
  };
}
