import { issuedBefore } from '@bilmarknaden/service-kit/token-revocations';
import type { UserRecord, UsersRepository } from '../repositories/users-repository.ts';
import type { TokenService } from './token-service.ts';

/** The rule of the services' revocation list (`issuedBefore`), read here from the user's own row. */
export function issuedBeforePasswordChange(iat: number, passwordChangedAt: Date | null): boolean {
  return passwordChangedAt !== null && issuedBefore(iat, passwordChangedAt);
}

/**
 * The user of a bearer token, or null. Stricter than a signature check: a deleted user's token is refused even
 * before it expires, and so is one issued before a password change, at once, from the user's row (the other services
 * learn of both through the revocation list, decision 033). A token from before a role change is accepted: identity
 * reads the role from the row, and `/user/refresh` exchanges the token for one with the new role. A blocked user's
 * tokens are refused here at once (decision 041).
 */
export function userVerifier(tokens: TokenService, users: UsersRepository) {
  return async (token: string): Promise<UserRecord | null> => {
    const claims = await tokens.verify(token);
    const user = claims ? await users.findByUsername(claims.username) : null;
    return user && claims && user.blockedAt === null && !issuedBeforePasswordChange(claims.iat, user.passwordChangedAt)
      ? user
      : null;
  };
}
