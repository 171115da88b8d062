import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { LOGIN_MESSAGES } from '@bilmarknaden/shared/validation/login';
import type { IdentityContext } from '../context.ts';
import { errors, tokenSchema } from '../schemas/common-schemas.ts';
import { loginBodySchema } from '../schemas/user-schemas.ts';
import { sendTooManyAttempts } from './too-many-attempts.ts';

export const TOO_MANY_ATTEMPTS = 'För många inloggningsförsök. Försök igen om en stund.';

export function loginRoute(app: FastifyInstance, ctx: IdentityContext): void {
  app.post<{ Body: Record<string, unknown> }>(
    identityPaths.login,
    {
      bodyLimit: ctx.bodyLimit,
      schema: {
        summary: 'Logga in',
        description:
          'Svarar med en token som text. 401: fel lösenord, 404: okänd e-postadress, 429: för många misslyckade försök (Retry-After).',
        tags: ['user'],
        body: loginBodySchema,
        response: { 200: tokenSchema, ...errors(400, 401, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const result = await ctx.login.login(request.body ?? {}, request.ip);
      switch (result.kind) {
        case 'invalid':
          return reply.code(400).send(result.failure);
        case 'limited':
          return sendTooManyAttempts(reply, result.retryAfterSeconds, TOO_MANY_ATTEMPTS);
        case 'unknown-user':
          return reply.code(404).send({ message: LOGIN_MESSAGES.unknownUser, field: 'email' });
        case 'wrong-password':
          return reply.code(401).send({ message: LOGIN_MESSAGES.wrongPassword, field: 'password' });
        case 'ok':
          return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(result.token);
      }
    },
  );
}
