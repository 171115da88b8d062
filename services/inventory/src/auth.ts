import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { bearerToken, type TokenClaims, type TokenVerifier } from '@bilmarknaden/shared/auth/token';
import { HttpError, MESSAGES } from './errors.ts';

// Kept beside the request instead of a decoration: no global type augmentation that could clash with identity's.
const users = new WeakMap<FastifyRequest, TokenClaims>();

/**
 * preHandler that verifies `Authorization: Bearer <token>` with identity's public key. Required: no good
 * token is 401 'Du måste logga in'. Optional: a missing or bad token just means an anonymous request.
 */
export function authenticate(verifyToken: TokenVerifier, mode: 'required' | 'optional' = 'required') {
  const handler: preHandlerAsyncHookHandler = async (request) => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await verifyToken(token) : null;
    if (claims) users.set(request, claims);
    else if (mode === 'required')
      throw new HttpError(401, MESSAGES.unauthorized, undefined, { 'www-authenticate': 'Bearer' });
  };
  return handler;
}

/** The verified user of a route behind a required `authenticate`. */
export function currentUser(request: FastifyRequest): TokenClaims {
  const user = users.get(request);
  if (!user) throw new HttpError(401, MESSAGES.unauthorized, undefined, { 'www-authenticate': 'Bearer' });
  return user;
}

/** The verified user, or null for an anonymous request. */
export function optionalUser(request: FastifyRequest): TokenClaims | null {
  return users.get(request) ?? null;
}
