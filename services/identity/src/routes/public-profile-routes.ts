import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { PublicProfileQuerySchema, PublicProfileSchema } from '@bilmarknaden/shared/schemas/user-schemas';
import { typed } from '@bilmarknaden/service-kit/route-context';
import type { IdentityContext } from '../context.ts';

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
    async (request) => ctx.publicProfiles.find(request.query.username),
  );
}
