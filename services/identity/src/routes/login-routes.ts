import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { asFormBody, errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { LoginBodySchema, TokenAnswerSchema } from '@bilmarknaden/shared/schemas/user-schemas';
import { typed } from '@bilmarknaden/service-kit/route-context';
import { emptyBodyAsObject, TOKEN_TYPE, type IdentityContext } from '../context.ts';

export function loginRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  typed(app).post(
    identityPaths.login,
    {
      preValidation: emptyBodyAsObject,
      schema: {
        summary: 'Log in',
        description:
          'Answers with a token as text. 401: wrong password, 404: unknown email address, 429: too many failed attempts (Retry-After).',
        tags: ['user'],
        body: asFormBody(LoginBodySchema),
        response: { 200: TokenAnswerSchema, ...errorResponses(400, 401, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const token = await ctx.login.login(request.body, request.ip);
      return reply.header('cache-control', 'no-store').type(TOKEN_TYPE).send(token);
    },
  );
}
