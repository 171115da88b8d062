import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { BlockBodySchema, BlockStateSchema } from '@bilmarknaden/shared/schemas/moderation-schemas';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { typed } from '@bilmarknaden/service-kit/route-context';
import { emptyBodyAsObject, type IdentityContext } from '../context.ts';

export function blockingRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  typed(app).put(
    identityPaths.userBlocked(':username'),
    {
      preValidation: [ctx.auth.required, emptyBodyAsObject],
      schema: {
        summary: 'Block or unblock a user (moderators and administrators)',
        description:
          'A moderator blocks users, an administrator also moderators; nobody blocks an administrator or ' +
          'themselves (403). A blocked user cannot log in, every token of theirs is refused within a minute, and ' +
          'their ads are hidden; a reason is required to block. Blocking a blocked user again changes nothing.',
        tags: ['moderation'],
        security: bearerSecurity,
        params: Type.Object({ username: Type.String({ maxLength: 100 }) }),
        body: Type.Partial(BlockBodySchema),
        response: { 200: BlockStateSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const result = await ctx.blocking.setBlocked(ctx.auth.user(request), request.params.username, request.body);
      if (result.changed) {
        await ctx.tokensRevoked(request.log);
        ctx.onBlockChanged?.();
      }
      return { username: result.username, blocked: result.blocked };
    },
  );
}
