import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '@bilmarknaden/shared/auth/token';
import type { UserRecord, UsersRepository } from '../repositories/users-repository.ts';
import type { TokenService } from './token-service.ts';

export const AUTH_MESSAGES = {
  missing: 'Du måste logga in',
  invalid: 'Din inloggning är ogiltig eller har gått ut. Logga in igen.',
} as const;

/** `iat` counts whole seconds: a token issued in the second of the change (the one its answer carries) is kept. */
export function issuedBeforePasswordChange(iat: number, passwordChangedAt: Date | null): boolean {
  return passwordChangedAt !== null && iat < Math.floor(passwordChangedAt.getTime() / 1000);
}

/** The user of the request's bearer token, or null after answering 401. */
export function createAuthenticator(tokens: TokenService, users: UsersRepository) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<UserRecord | null> => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await tokens.verify(token) : null;
    // A deleted user's token is refused even before it expires, and so is one issued before a password change.
    const user = claims ? await users.findByUsername(claims.username) : null;
    if (user && claims && !issuedBeforePasswordChange(claims.iat, user.passwordChangedAt)) return user;
    await reply
      .code(401)
      .header('www-authenticate', 'Bearer')
      .send({ message: token ? AUTH_MESSAGES.invalid : AUTH_MESSAGES.missing });
    return null;
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
