import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import { LOGIN_MESSAGES, loginRules } from '@bilmarknaden/shared/validation/login';
import { lastFailure, text } from '@bilmarknaden/shared/validation/rules';
import { MODERATION_MESSAGES } from '@bilmarknaden/shared/validation/moderation';
import type { FailureLimits, LoginAttemptsRepository } from '../repositories/login-attempts-repository.ts';
import type { UsersRepository } from '../repositories/users-repository.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { TokenService } from './token-service.ts';

export const TOO_MANY_LOGINS = 'För många inloggningsförsök. Försök igen om en stund.';

export interface LoginRateLimit extends FailureLimits {
  windowSeconds: number;
}

/**
 * 5 failures per account and address, 20 per address, in 15 minutes; beyond 100 on an account, one per address
 * (decision 036). An IPv6 address counts by its /64.
 */
export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = {
  windowSeconds: 15 * 60,
  perAccountAndAddress: 5,
  perAddress: 20,
  perAccount: 100,
};

export interface LoginDeps {
  users: UsersRepository;
  attempts: LoginAttemptsRepository;
  hasher: PasswordHasher;
  tokens: TokenService;
  limit: LoginRateLimit;
  now: () => Date;
}

/**
 * Counts a password attempt on `account` (an email, lower-cased) from `address`, or refuses it with `tooMany` and
 * the seconds until it may be tried again when a scope is at its limit. Logins, password changes and account
 * closures share these counts.
 */
export async function countPasswordAttempt(
  { attempts, limit }: Pick<LoginDeps, 'attempts' | 'limit'>,
  account: string,
  address: string,
  at: Date,
  tooMany: string,
): Promise<void> {
  const windowMs = limit.windowSeconds * 1000;
  const blocking = await attempts.begin(account, address, at, new Date(at.getTime() - windowMs), limit);
  if (blocking.length === 0) return;
  const until = Math.max(...blocking.map((d) => d.getTime())) + windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((until - at.getTime()) / 1000));
  throw new DomainError('too-many', tooMany, { retryAfterSeconds });
}

export function loginService(deps: LoginDeps) {
  const { users, attempts, hasher, tokens, now } = deps;
  return {
    /** The token of a good login. */
    async login(body: Record<string, unknown>, address: string): Promise<string> {
      const password = typeof body.password === 'string' ? body.password.normalize('NFC') : '';
      const input = { email: text(body.email), password };
      refuseFailure(lastFailure(loginRules, input));

      const account = input.email.toLowerCase();
      // Checked before the password, so a locked-out guesser learns nothing even when right.
      await countPasswordAttempt(deps, account, address, now(), TOO_MANY_LOGINS);

      const user = await users.findByEmail(input.email);
      const ok = user ? await hasher.verify(user.passwordHash, input.password) : await hasher.burn(input.password);
      // A failure keeps its attempt.
      if (!user) throw new DomainError('not-found', LOGIN_MESSAGES.unknownUser, { field: 'email' });
      if (!ok) throw new DomainError('unauthorized', LOGIN_MESSAGES.wrongPassword, { field: 'password' });
      await attempts.clearPair(account, address);
      // Said only to someone who knows the password, like every answer about the account itself.
      if (user.blockedAt !== null) throw new DomainError('forbidden', MODERATION_MESSAGES.blockedLogin);
      return tokens.issue({ username: user.username, role: user.role, verified: user.verifiedAt !== null });
    },
  };
}
