import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import type { IdentityContext } from '../context.ts';
import { jwksSchema } from '../schemas/user-schemas.ts';

export function jwksRoute(app: FastifyInstance, ctx: IdentityContext): void {
  const body = { keys: [ctx.keys.publicJwk] };
  app.get(
    identityPaths.jwks,
    {
      schema: {
        summary: 'Publika nycklar (JWKS)',
        description: 'Ed25519-nyckeln som tokens verifieras med.',
        tags: ['keys'],
        response: { 200: jwksSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
