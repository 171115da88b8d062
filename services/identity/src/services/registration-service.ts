import { normalizeRegistration, registrationRules } from '@bilmarknaden/shared/validation/registration';
import { lastFailure, type RuleFailure } from '@bilmarknaden/shared/validation/rules';
import { ROLES } from '@bilmarknaden/shared/constants';
import { uniqueViolation, type UsersRepository } from '../repositories/users-repository.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { TokenService } from './token-service.ts';

export const TAKEN_MESSAGES = {
  email: 'E-postadressen används redan',
  username: 'Användarnamnet är upptaget',
} as const;

export type RegistrationResult =
  | { kind: 'invalid'; failure: RuleFailure }
  | { kind: 'taken'; failure: RuleFailure }
  | { kind: 'registered'; token: string };

const taken = (field: 'email' | 'username'): RegistrationResult => ({
  kind: 'taken',
  failure: { field, message: TAKEN_MESSAGES[field] },
});

export function createRegistrationService(users: UsersRepository, hasher: PasswordHasher, tokens: TokenService) {
  return {
    async register(body: Record<string, unknown>): Promise<RegistrationResult> {
      // NFC first, so 'å' typed as a + ring counts as the one character it is.
      const normalized = normalizeRegistration(body);
      const input = { ...normalized, password: normalized.password.normalize('NFC') };
      // The server has no repeat field: the form already compared the two.
      const failure = lastFailure(registrationRules, { ...input, passwordRepeat: input.password });
      if (failure) return { kind: 'invalid', failure };

      // Email after username, as in the rule order: the last conflict is the one shown.
      const inUse = await users.taken(input.username, input.email);
      if (inUse.email) return taken('email');
      if (inUse.username) return taken('username');

      const { password, ...profile } = input;
      try {
        const user = await users.insert({ ...profile, passwordHash: await hasher.hash(password) });
        return { kind: 'registered', token: await tokens.issue({ username: user.username, role: ROLES.user }) };
      } catch (err) {
        const violation = uniqueViolation(err);
        if (!violation) throw err;
        // Lost a race with a simultaneous registration of the same email or username.
        if (violation.field) return taken(violation.field);
        const now = await users.taken(input.username, input.email);
        return taken(now.email || !now.username ? 'email' : 'username');
      }
    },
  };
}
