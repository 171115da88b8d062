import type { UserRecord, UsersRepository } from '../repositories/users-repository.ts';
import type { TokenService } from './token-service.ts';

/** `iat` counts whole seconds: a token issued in the second of the change (the one its answer carries) is kept. */
export function issuedBeforePasswordChange(iat: number, passwordChangedAt: Date | null): boolean {
  return passwordChangedAt !== null && iat < Math.floor(passwordChangedAt.getTime() / 1000);
}

/**
 * The user of a bearer token, or null. Stricter than a signature check: a deleted user's token is refused even
 * before it expires, and so is one issued before a password change.
 */
export function userVerifier(tokens: TokenService, users: UsersRepository) {
  return async (token: string): Promise<UserRecord | null> => {
    const claims = await tokens.verify(token);
    const user = claims ? await users.findByUsername(claims.username) : null;
    return user && claims && !issuedBeforePasswordChange(claims.iat, user.passwordChangedAt) ? user : null;
  };
}
