import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { JwksSchema } from '@bilmarknaden/shared/schemas/user-schemas';
import type { Static } from '@sinclair/typebox';
import { typed } from '@bilmarknaden/service-kit/route-context';
import type { IdentityContext } from '../context.ts';

export function jwksRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  // jose types every JWK member optional; an exported Ed25519 key has them all.
  const body = { keys: [ctx.keys.publicJwk] } as Static<typeof JwksSchema>;
  typed(app).get(
    identityPaths.jwks,
    {
      schema: {
        summary: 'Public keys (JWKS)',
        description: 'The Ed25519 key tokens are verified with.',
        tags: ['keys'],
        response: { 200: JwksSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
