import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { bearerToken } from '@bilmarknaden/shared/auth/token';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  NotificationRequestSchema,
  TokenRevocationsQuerySchema,
  TokenRevocationsSchema,
} from '@bilmarknaden/shared/schemas/notification-schemas';
import { typed } from '@bilmarknaden/service-kit/route-context';
import type { IdentityContext } from '../context.ts';

export const INTERNAL_MESSAGES = { refused: 'Intern åtkomst nekad' } as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** preHandler of the internal routes: `Authorization: Bearer <INTERNAL_API_KEY>`, compared in constant time. */
export function internalKeyGuard(key: string) {
  const expected = digest(key);
  return async (request: FastifyRequest): Promise<void> => {
    const given = bearerToken(request.headers.authorization);
    if (given === null || !timingSafeEqual(digest(given), expected)) {
      throw new DomainError('unauthorized', INTERNAL_MESSAGES.refused);
    }
  };
}

/**
 * What the other services of the deployment ask of identity when they run alone. Registered only with an
 * internal key (INTERNAL_API_KEY); without one these paths answer 404.
 */
export function internalRoutes(app: FastifyInstance, ctx: IdentityContext, internalApiKey: string): void {
  const guard = internalKeyGuard(internalApiKey);
  typed(app).post(
    identityPaths.internalNotifications,
    {
      preValidation: guard,
      schema: {
        hide: true,
        summary: 'Stores a notification mail for a user (services of the deployment only)',
        body: NotificationRequestSchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await ctx.notifications.notify(request.body);
      return reply.code(204).send(null);
    },
  );

  typed(app).get(
    identityPaths.internalTokenRevocations,
    {
      preValidation: guard,
      schema: {
        hide: true,
        summary: 'Token revocations recorded after a time (services of the deployment only)',
        querystring: TokenRevocationsQuerySchema,
        response: { 200: TokenRevocationsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const batch = await ctx.revocationsSince(new Date(request.query.since));
      return reply.header('cache-control', 'no-store').send({
        now: batch.now.toISOString(),
        revocations: batch.revocations.map((r) => ({ username: r.username, notBefore: r.notBefore.toISOString() })),
      });
    },
  );
}
