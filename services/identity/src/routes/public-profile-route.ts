import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import type { PublicProfile } from '@bilmarknaden/shared/api-types';
import type { IdentityContext } from '../context.ts';
import { errors } from '../schemas/common-schemas.ts';
import { publicProfileSchema, usernameQuerySchema } from '../schemas/user-schemas.ts';

export const UNKNOWN_PROFILE = 'Användaren kunde inte hittas';

export function publicProfileRoute(app: FastifyInstance, ctx: IdentityContext): void {
  app.get<{ Querystring: { username: string } }>(
    identityPaths.userByUsername,
    {
      schema: {
        summary: 'Offentlig profil',
        description: 'Användarnamn, förnamn och medlem sedan; aldrig kontaktuppgifter.',
        tags: ['user'],
        querystring: usernameQuerySchema,
        response: { 200: publicProfileSchema, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const user = await ctx.users.findByUsername(request.query.username.trim());
      if (!user) return reply.code(404).send({ message: UNKNOWN_PROFILE, field: 'username' });
      const body: PublicProfile = {
        username: user.username,
        firstname: user.firstname,
        memberSince: user.created.toISOString(),
      };
      return body;
    },
  );
}
