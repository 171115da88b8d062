import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { asFormBody, errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { PasswordChangeBodySchema, TokenAnswerSchema } from '@bilmarknaden/shared/schemas/user-schemas';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { typed } from '@bilmarknaden/service-kit/route-context';
import { emptyBodyAsObject, TOKEN_TYPE, type IdentityContext } from '../context.ts';

export function passwordRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  typed(app).put(
    identityPaths.password,
    {
      // The token before the body: without one the answer is 401, whatever was sent.
      preValidation: [ctx.auth.required, emptyBodyAsObject],
      schema: {
        summary: 'Change the password',
        description:
          'Needs the current password. Answers with a new token as text; identity no longer accepts tokens issued before the change. 403: wrong current password, 429: too many wrong passwords (Retry-After, shared with the login).',
        tags: ['user'],
        security: bearerSecurity,
        body: asFormBody(PasswordChangeBodySchema),
        response: { 200: TokenAnswerSchema, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const token = await ctx.passwordChange.change(ctx.auth.user(request), request.body, request.ip);
      await ctx.tokensRevoked(request.log);
      return reply.header('cache-control', 'no-store').type(TOKEN_TYPE).send(token);
    },
  );
}
