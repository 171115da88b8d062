import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { PASSWORD_CHANGE_MESSAGES } from '@bilmarknaden/shared/validation/password-change';
import type { IdentityContext } from '../context.ts';
import type { UserRecord } from '../repositories/users-repository.ts';
import { bearerSecurity, errors, tokenSchema } from '../schemas/common-schemas.ts';
import { passwordChangeBodySchema } from '../schemas/user-schemas.ts';
import { sendTooManyAttempts } from './too-many-attempts.ts';

export function passwordRoute(app: FastifyInstance, ctx: IdentityContext): void {
  const authenticated = new WeakMap<FastifyRequest, UserRecord>();
  app.put<{ Body: Record<string, unknown> }>(
    identityPaths.password,
    {
      bodyLimit: ctx.bodyLimit,
      // The token before the body: without one the answer is 401, whatever was sent.
      preValidation: async (request, reply) => {
        const user = await ctx.authenticate(request, reply);
        if (!user) return reply;
        authenticated.set(request, user);
      },
      schema: {
        summary: 'Byt lösenord',
        description:
          'Kräver det nuvarande lösenordet. Svarar med en ny token som text; tokens utfärdade före bytet godtas inte längre av identitetstjänsten. 403: fel nuvarande lösenord, 429: för många felaktiga lösenord (Retry-After, delas med inloggningen).',
        tags: ['user'],
        security: bearerSecurity,
        body: passwordChangeBodySchema,
        response: { 200: tokenSchema, ...errors(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const result = await ctx.passwordChange.change(authenticated.get(request)!, request.body ?? {}, request.ip);
      switch (result.kind) {
        case 'invalid':
          return reply.code(400).send(result.failure);
        case 'limited':
          return sendTooManyAttempts(reply, result.retryAfterSeconds, PASSWORD_CHANGE_MESSAGES.tooMany);
        case 'wrong-password':
          return reply.code(403).send({ message: PASSWORD_CHANGE_MESSAGES.wrongPassword, field: 'currentPassword' });
        case 'changed':
          return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(result.token);
      }
    },
  );
}
