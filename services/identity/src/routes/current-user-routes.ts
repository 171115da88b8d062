import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { CurrentUserSchema, TokenAnswerSchema } from '@bilmarknaden/shared/schemas/user-schemas';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { typed } from '@bilmarknaden/service-kit/route-context';
import { TOKEN_TYPE, type IdentityContext } from '../context.ts';

export function currentUserRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  typed(app).get(
    identityPaths.user,
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: 'The logged-in user',
        tags: ['user'],
        security: bearerSecurity,
        response: { 200: CurrentUserSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = ctx.auth.user(request);
      return reply.header('cache-control', 'no-store').send({
        username: user.username,
        firstname: user.firstname,
        lastname: user.lastname,
        role: user.role,
        displayName: `${user.firstname} ${user.lastname}`,
        city: user.city,
        email: user.email,
        ...(user.verifiedAt && user.verifiedName
          ? { verified: { name: user.verifiedName, at: user.verifiedAt.toISOString() } }
          : {}),
      });
    },
  );

  typed(app).get(
    identityPaths.refresh,
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: 'Refresh the token',
        description: "A new token with the user's current role and verification, as text.",
        tags: ['user'],
        security: bearerSecurity,
        response: { 200: TokenAnswerSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = ctx.auth.user(request);
      const token = await ctx.tokens.issue({
        username: user.username,
        role: user.role,
        verified: user.verifiedAt !== null,
      });
      return reply.header('cache-control', 'no-store').type(TOKEN_TYPE).send(token);
    },
  );
}
