import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { asFormBody, errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { RegistrationBodySchema, TokenAnswerSchema } from '@bilmarknaden/shared/schemas/user-schemas';
import { typed } from '@bilmarknaden/service-kit/route-context';
import { emptyBodyAsObject, TOKEN_TYPE, type IdentityContext } from '../context.ts';

export function registrationRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  typed(app).post(
    identityPaths.user,
    {
      preValidation: emptyBodyAsObject,
      schema: {
        summary: 'Create an account',
        description:
          'Registers a user (role 1) and answers with a token as text. 409: the email address or the username is taken, 429: too many new accounts from the same address (Retry-After).',
        tags: ['user'],
        body: asFormBody(RegistrationBodySchema),
        response: { 200: TokenAnswerSchema, ...errorResponses(400, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const token = await ctx.registration.register(request.body, request.ip);
      return reply.header('cache-control', 'no-store').type(TOKEN_TYPE).send(token);
    },
  );
}
