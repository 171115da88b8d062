import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import {
  normalizePasswordChange,
  PASSWORD_CHANGE_MESSAGES,
  passwordChangeRules,
} from '@bilmarknaden/shared/validation/password-change';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import type { Database } from '@bilmarknaden/db/database';
import { passwordResetsRepository } from '../repositories/password-resets-repository.ts';
import { usersRepository, type UserRecord } from '../repositories/users-repository.ts';
import { countPasswordAttempt, type LoginDeps } from './login-service.ts';

export interface PasswordChangeDeps extends Omit<LoginDeps, 'users'> {
  db: Database;
}

/**
 * A logged-in user's new password. The current one is asked for, so a token left on a shared computer cannot
 * take the account over; wrong guesses count towards the login limit of the account. Tokens issued before the
 * change are refused by identity from then on (see the user verifier); the answer is a new token for this session.
 * The user's outstanding 'Glömt lösenord?' links go with the old password, in the same transaction.
 */
export function passwordChangeService(deps: PasswordChangeDeps) {
  const { db, attempts, hasher, tokens, now } = deps;
  return {
    /** The new token of this session. */
    async change(user: UserRecord, body: Record<string, unknown>, address: string): Promise<string> {
      const input = normalizePasswordChange(body);
      // The server has no repeat field: the form already compared the two.
      refuseFailure(lastFailure(passwordChangeRules, { ...input, passwordRepeat: input.password }));

      const account = user.email.toLowerCase();
      await countPasswordAttempt(deps, account, address, now(), PASSWORD_CHANGE_MESSAGES.tooMany);
      if (!(await hasher.verify(user.passwordHash, input.currentPassword))) {
        throw new DomainError('forbidden', PASSWORD_CHANGE_MESSAGES.wrongPassword, { field: 'currentPassword' });
      }
      await attempts.clearPair(account, address);

      const changedAt = now();
      const passwordHash = await hasher.hash(input.password);
      await db.transaction(async (tx) => {
        await usersRepository(tx).setPassword(user.id, passwordHash, changedAt);
        await passwordResetsRepository(tx).removeForUser(user.id);
      });
      return tokens.issue({ username: user.username, role: user.role, verified: user.verifiedAt !== null });
    },
  };
}
