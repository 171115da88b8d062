import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import type { IdentityContext } from '../context.ts';
import { errors, tokenSchema } from '../schemas/common-schemas.ts';
import { registrationBodySchema } from '../schemas/user-schemas.ts';

export function registerRoute(app: FastifyInstance, ctx: IdentityContext): void {
  app.post<{ Body: Record<string, unknown> }>(
    identityPaths.user,
    {
      bodyLimit: ctx.bodyLimit,
      schema: {
        summary: 'Skapa konto',
        description: 'Registrerar en användare (roll 1) och svarar med en token som text.',
        tags: ['user'],
        body: registrationBodySchema,
        response: { 200: tokenSchema, ...errors(400, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const result = await ctx.registration.register(request.body ?? {});
      if (result.kind === 'invalid') return reply.code(400).send(result.failure);
      if (result.kind === 'taken') return reply.code(409).send(result.failure);
      return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(result.token);
    },
  );
}
