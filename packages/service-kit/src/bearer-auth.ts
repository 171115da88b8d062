import type { FastifyRequest } from 'fastify';
import { bearerToken } from '@bilmarknaden/shared/auth/token';
import { DomainError } from './domain-error.ts';

export const AUTH_MESSAGES = {
  missing: 'Du måste logga in',
  invalid: 'Din inloggning är ogiltig eller har gått ut. Logga in igen.',
} as const;

/**
 * Hooks that read `Authorization: Bearer <token>` with `verify` (identity checks its own users, inventory only the
 * signature) and accessors for the user they found. Kept beside the request rather than decorated on it, so each
 * service has its own user type.
 */
export function bearerAuth<User>(verify: (token: string) => Promise<User | null>) {
  const users = new WeakMap<FastifyRequest, User>();

  async function find(request: FastifyRequest): Promise<{ token: string | null; user: User | null }> {
    const token = bearerToken(request.headers.authorization);
    const user = token ? await verify(token) : null;
    if (user) users.set(request, user);
    return { token, user };
  }

  return {
    /** preHandler (or preValidation, to answer 401 before the body's checks): 401 without a good token. */
    async required(request: FastifyRequest): Promise<void> {
      const { token, user } = await find(request);
      if (!user) throw new DomainError('unauthorized', token ? AUTH_MESSAGES.invalid : AUTH_MESSAGES.missing);
    },
    /** A good token gives the user; a missing or bad one is just an anonymous request. */
    async optional(request: FastifyRequest): Promise<void> {
      await find(request);
    },
    /** The user of a route behind `required`. */
    user(request: FastifyRequest): User {
      const user = users.get(request);
      if (!user) throw new DomainError('unauthorized', AUTH_MESSAGES.missing);
      return user;
    },
    /** The user, or null for an anonymous request. */
    optionalUser(request: FastifyRequest): User | null {
      return users.get(request) ?? null;
    },
  };
}

export type BearerAuth<User> = ReturnType<typeof bearerAuth<User>>;
