import { normalizePasswordChange, passwordChangeRules } from '@bilmarknaden/shared/validation/password-change';
import { lastFailure, type RuleFailure } from '@bilmarknaden/shared/validation/rules';
import type { Database } from '@bilmarknaden/db/database';
import { createPasswordResetsRepository } from '../repositories/password-resets-repository.ts';
import { createUsersRepository, type UserRecord } from '../repositories/users-repository.ts';
import { beginPasswordAttempt, type LoginDeps } from './login-service.ts';

export type PasswordChangeResult =
  | { kind: 'invalid'; failure: RuleFailure }
  | { kind: 'limited'; retryAfterSeconds: number }
  | { kind: 'wrong-password' }
  | { kind: 'changed'; token: string };

export interface PasswordChangeDeps extends Omit<LoginDeps, 'users'> {
  db: Database;
}

/**
 * A logged-in user's new password. The current one is asked for, so a token left on a shared computer cannot
 * take the account over; wrong guesses count towards the login limit of the account. Tokens issued before the
 * change are refused by identity from then on (see the authenticator); the answer is a new token for this session.
 * It is made of the login's parts (LoginDeps): passwords are checked against the same attempt counts. The user's
 * outstanding 'Glömt lösenord?' links go with the old password, in the same transaction.
 */
export function createPasswordChangeService({ db, attempts, hasher, tokens, limit, now }: PasswordChangeDeps) {
  return {
    async change(user: UserRecord, body: Record<string, unknown>, address: string): Promise<PasswordChangeResult> {
      const input = normalizePasswordChange(body);
      // The server has no repeat field: the form already compared the two.
      const failure = lastFailure(passwordChangeRules, { ...input, passwordRepeat: input.password });
      if (failure) return { kind: 'invalid', failure };

      const account = user.email.toLowerCase();
      const limited = await beginPasswordAttempt(attempts, limit, account, address, now());
      if (limited) return { kind: 'limited', ...limited };
      if (!(await hasher.verify(user.passwordHash, input.currentPassword))) return { kind: 'wrong-password' };
      await attempts.clearPair(account, address);

      const changedAt = now();
      const passwordHash = await hasher.hash(input.password);
      await db.transaction(async (tx) => {
        await createUsersRepository(tx).setPassword(user.id, passwordHash, changedAt);
        await createPasswordResetsRepository(tx).removeForUser(user.id);
      });
      return { kind: 'changed', token: await tokens.issue({ username: user.username, role: user.role }) };
    },
  };
}
