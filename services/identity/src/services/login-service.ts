import { loginRules } from '@bilmarknaden/shared/validation/login';
import { lastFailure, text, type RuleFailure } from '@bilmarknaden/shared/validation/rules';
import type { FailureLimits, LoginAttemptsRepository } from '../repositories/login-attempts-repository.ts';
import type { UsersRepository } from '../repositories/users-repository.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { TokenService } from './token-service.ts';

export interface LoginRateLimit extends FailureLimits {
  windowSeconds: number;
}

/** 5 failures per account and address, 20 per address, 100 per account, in 15 minutes. */
export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = {
  windowSeconds: 15 * 60,
  perAccountAndAddress: 5,
  perAddress: 20,
  perAccount: 100,
};

export type LoginResult =
  | { kind: 'invalid'; failure: RuleFailure }
  | { kind: 'limited'; retryAfterSeconds: number }
  | { kind: 'unknown-user' }
  | { kind: 'wrong-password' }
  | { kind: 'ok'; token: string };

export interface LoginDeps {
  users: UsersRepository;
  attempts: LoginAttemptsRepository;
  hasher: PasswordHasher;
  tokens: TokenService;
  limit: LoginRateLimit;
  now: () => Date;
}

/**
 * Counts a password attempt on `account` from `address` (an email, lower-cased), or refuses it with the seconds until
 * it may be tried again when a scope is at its limit. Logins and password changes share these counts.
 */
export async function beginPasswordAttempt(
  attempts: LoginAttemptsRepository,
  limit: LoginRateLimit,
  account: string,
  address: string,
  at: Date,
): Promise<{ retryAfterSeconds: number } | null> {
  const windowMs = limit.windowSeconds * 1000;
  const blocking = await attempts.begin(account, address, at, new Date(at.getTime() - windowMs), limit);
  if (blocking.length === 0) return null;
  const until = Math.max(...blocking.map((d) => d.getTime())) + windowMs;
  return { retryAfterSeconds: Math.max(1, Math.ceil((until - at.getTime()) / 1000)) };
}

export function createLoginService({ users, attempts, hasher, tokens, limit, now }: LoginDeps) {
  return {
    async login(body: Record<string, unknown>, address: string): Promise<LoginResult> {
      const password = typeof body.password === 'string' ? body.password.normalize('NFC') : '';
      const input = { email: text(body.email), password };
      const failure = lastFailure(loginRules, input);
      if (failure) return { kind: 'invalid', failure };

      const account = input.email.toLowerCase();
      // Checked before the password, so a locked-out guesser learns nothing even when right.
      const limited = await beginPasswordAttempt(attempts, limit, account, address, now());
      if (limited) return { kind: 'limited', ...limited };

      const user = await users.findByEmail(input.email);
      const ok = user ? await hasher.verify(user.passwordHash, input.password) : await hasher.burn(input.password);
      if (!user || !ok) return { kind: user ? 'wrong-password' : 'unknown-user' }; // the attempt stays: a failure
      await attempts.clearPair(account, address);
      return { kind: 'ok', token: await tokens.issue({ username: user.username, role: user.role }) };
    },
  };
}
