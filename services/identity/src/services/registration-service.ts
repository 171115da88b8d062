import type { Database } from '@bilmarknaden/db/database';
import { takeWindowLimits } from '@bilmarknaden/db/window-limits';
import { DomainError, refuseFailure } from '@bilmarknaden/service-kit/domain-error';
import {
  normalizeRegistration,
  REGISTRATION_MESSAGES,
  registrationRules,
} from '@bilmarknaden/shared/validation/registration';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { ROLES } from '@bilmarknaden/shared/constants';
import { uniqueViolation, type UsersRepository } from '../repositories/users-repository.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { TokenService } from './token-service.ts';

export const TAKEN_MESSAGES = {
  email: 'E-postadressen används redan',
  username: 'Användarnamnet är upptaget',
} as const;

export interface RegistrationRateLimit {
  windowSeconds: number;
  /** Registrations that passed validation allowed per client address within the window. */
  perAddress: number;
}

/** 10 registrations per address in an hour: every one of them costs an argon2 hash. */
export const DEFAULT_REGISTRATION_RATE_LIMIT: RegistrationRateLimit = { windowSeconds: 60 * 60, perAddress: 10 };

export interface RegistrationDeps {
  users: UsersRepository;
  /** Where the attempts are counted (`limits.events`, key `registration:<address>`). */
  db: Database;
  hasher: PasswordHasher;
  tokens: TokenService;
  limit: RegistrationRateLimit;
  now: () => Date;
}

const taken = (field: 'email' | 'username') => new DomainError('conflict', TAKEN_MESSAGES[field], { field });

export function registrationService({ users, db, hasher, tokens, limit, now }: RegistrationDeps) {
  const windowMs = limit.windowSeconds * 1000;

  /** Counts the attempt, or refuses it when the address is at its limit (a refused attempt does not count). */
  async function countAttempt(address: string): Promise<void> {
    const at = now();
    const limited = await takeWindowLimits(
      db,
      [{ key: `registration:${address}`, max: limit.perAddress, windowMs }],
      at,
    );
    if (!limited) return;
    throw new DomainError('too-many', REGISTRATION_MESSAGES.tooMany, { retryAfterSeconds: limited.retryAfterSeconds });
  }

  return {
    /** The new user's token. */
    async register(body: Record<string, unknown>, address: string): Promise<string> {
      // NFC first, so 'å' typed as a + ring counts as the one character it is.
      const normalized = normalizeRegistration(body);
      const input = { ...normalized, password: normalized.password.normalize('NFC') };
      // The server has no repeat field: the form already compared the two.
      refuseFailure(lastFailure(registrationRules, { ...input, passwordRepeat: input.password }));

      // Before the taken check and the hash: a 409 counts too (it may have hashed, and it tells whether an
      // email is registered), and a limited address learns nothing and costs no argon2.
      await countAttempt(address);

      // Email after username, as in the rule order: the last conflict is the one shown.
      const inUse = await users.taken(input.username, input.email);
      if (inUse.email) throw taken('email');
      if (inUse.username) throw taken('username');

      const { password, ...profile } = input;
      try {
        const user = await users.insert({ ...profile, passwordHash: await hasher.hash(password) });
        return await tokens.issue({ username: user.username, role: ROLES.user, verified: false });
      } catch (err) {
        const violation = uniqueViolation(err);
        if (!violation) throw err;
        // Lost a race with a simultaneous registration of the same email or username.
        if (violation.field) throw taken(violation.field);
        const inUseNow = await users.taken(input.username, input.email);
        throw taken(inUseNow.email || !inUseNow.username ? 'email' : 'username');
      }
    },
  };
}
