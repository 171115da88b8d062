import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { PublicProfileQuerySchema, PublicProfileSchema } from '@bilmarknaden/shared/schemas/user-schemas';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { typed, type IdentityContext } from '../context.ts';

export const UNKNOWN_PROFILE = 'Användaren kunde inte hittas';

export function publicProfileRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  typed(app).get(
    identityPaths.userByUsername,
    {
      schema: {
        summary: 'Public profile',
        description: 'Username, first name and member since; never contact details.',
        tags: ['user'],
        querystring: PublicProfileQuerySchema,
        response: { 200: PublicProfileSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const user = await ctx.users.findByUsername(request.query.username.trim());
      if (!user) throw new DomainError('not-found', UNKNOWN_PROFILE, { field: 'username' });
      return { username: user.username, firstname: user.firstname, memberSince: user.created.toISOString() };
    },
  );
}
