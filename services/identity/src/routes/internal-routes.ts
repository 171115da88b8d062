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
import {
  DealerRefAnswerSchema,
  InternalApiKeyBodySchema,
  InternalDealerQuerySchema,
  InternalDealerSlugQuerySchema,
} from '@bilmarknaden/shared/schemas/dealer-account-schemas';
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

  // DealerDirectory for a service running alone (issue 45): approved dealers only, `{dealer: null}` otherwise.
  typed(app).get(
    identityPaths.internalDealerOfMember,
    {
      preValidation: guard,
      schema: {
        hide: true,
        summary: 'The approved dealer a user acts for (services of the deployment only)',
        querystring: InternalDealerQuerySchema,
        response: { 200: DealerRefAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ dealer: await ctx.dealerDirectory.ofMember(request.query.username) }),
  );

  typed(app).get(
    identityPaths.internalDealerBySlug,
    {
      preValidation: guard,
      schema: {
        hide: true,
        summary: 'The approved dealer of a slug (services of the deployment only)',
        querystring: InternalDealerSlugQuerySchema,
        response: { 200: DealerRefAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send({ dealer: await ctx.dealerDirectory.bySlug(request.query.slug) }),
  );

  // The key in the body, never in the address, so it reaches no access log.
  typed(app).post(
    identityPaths.internalDealerByApiKey,
    {
      preValidation: guard,
      schema: {
        hide: true,
        summary: 'The approved dealer of a live feed key (services of the deployment only)',
        body: InternalApiKeyBodySchema,
        response: { 200: DealerRefAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send({ dealer: await ctx.dealerDirectory.byApiKey(request.body.key) }),
  );
}
