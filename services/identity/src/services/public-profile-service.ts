import type { PublicProfile } from '@bilmarknaden/shared/api-types';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import type { UsersRepository } from '../repositories/users-repository.ts';

export const UNKNOWN_PROFILE = 'Användaren kunde inte hittas';

/** What anyone may read about a user: never contact details. */
export function publicProfileService(users: UsersRepository) {
  return {
    /** The profile of `username` (trimmed); 404 on the field when unknown. */
    async find(username: string): Promise<PublicProfile> {
      const user = await users.findByUsername(username.trim());
      if (!user) throw new DomainError('not-found', UNKNOWN_PROFILE, { field: 'username' });
      return {
        username: user.username,
        firstname: user.firstname,
        memberSince: user.created.toISOString(),
        verified: user.verifiedAt !== null,
      };
    },
  };
}
