import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import type { CurrentUser } from '@bilmarknaden/shared/api-types';
import type { IdentityContext } from '../context.ts';
import { bearerSecurity, errors, tokenSchema } from '../schemas/common-schemas.ts';
import { currentUserSchema } from '../schemas/user-schemas.ts';

export function currentUserRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  app.get(
    identityPaths.user,
    {
      schema: {
        summary: 'Den inloggade användaren',
        tags: ['user'],
        security: bearerSecurity,
        response: { 200: currentUserSchema, ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = await ctx.authenticate(request, reply);
      if (!user) return reply;
      const body: CurrentUser = {
        username: user.username,
        firstname: user.firstname,
        lastname: user.lastname,
        role: user.role,
        displayName: `${user.firstname} ${user.lastname}`,
      };
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  app.get(
    identityPaths.refresh,
    {
      schema: {
        summary: 'Förnya token',
        description: 'En ny token med användarens aktuella roll, som text.',
        tags: ['user'],
        security: bearerSecurity,
        response: { 200: tokenSchema, ...errors(401) },
      },
    },
    async (request, reply) => {
      const user = await ctx.authenticate(request, reply);
      if (!user) return reply;
      const token = await ctx.tokens.issue({ username: user.username, role: user.role });
      return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(token);
    },
  );
}
