import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { REGISTRATION_MESSAGES } from '@bilmarknaden/shared/validation/registration';
import type { IdentityContext } from '../context.ts';
import { errors, tokenSchema } from '../schemas/common-schemas.ts';
import { registrationBodySchema } from '../schemas/user-schemas.ts';
import { sendTooManyAttempts } from './too-many-attempts.ts';

export function registerRoute(app: FastifyInstance, ctx: IdentityContext): void {
  app.post<{ Body: Record<string, unknown> }>(
    identityPaths.user,
    {
      bodyLimit: ctx.bodyLimit,
      schema: {
        summary: 'Skapa konto',
        description:
          'Registrerar en användare (roll 1) och svarar med en token som text. 409: e-postadressen eller användarnamnet används redan, 429: för många nya konton från samma adress (Retry-After).',
        tags: ['user'],
        body: registrationBodySchema,
        response: { 200: tokenSchema, ...errors(400, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const result = await ctx.registration.register(request.body ?? {}, request.ip);
      switch (result.kind) {
        case 'invalid':
          return reply.code(400).send(result.failure);
        case 'limited':
          return sendTooManyAttempts(reply, result.retryAfterSeconds, REGISTRATION_MESSAGES.tooMany);
        case 'taken':
          return reply.code(409).send(result.failure);
        case 'registered':
          return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(result.token);
      }
    },
  );
}
