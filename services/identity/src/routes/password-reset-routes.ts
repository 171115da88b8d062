import type { FastifyInstance, FastifyRequest } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { PASSWORD_RESET_LIMITS, PASSWORD_RESET_MESSAGES } from '@bilmarknaden/shared/validation/password-reset';
import type { IdentityContext } from '../context.ts';
import { errors, tokenSchema } from '../schemas/common-schemas.ts';
import {
  messageSchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
} from '../schemas/user-schemas.ts';
import { sendTooManyAttempts } from './too-many-attempts.ts';

const { linkMinutes, perAccountPerHour, perAddressPerHour } = PASSWORD_RESET_LIMITS;

/** No body at all is a missing email or token: the rule's answer, not the schema's. */
const emptyBodyAsObject = async (request: FastifyRequest) => {
  request.body ??= {};
};

/** 'Glömt lösenord?': a link by email, and a new password with it. Neither takes a bearer token. */
export function passwordResetRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  app.post<{ Body: Record<string, unknown> }>(
    identityPaths.passwordReset,
    {
      bodyLimit: ctx.bodyLimit,
      preValidation: emptyBodyAsObject,
      schema: {
        summary: 'Glömt lösenord: begär en länk',
        description: `Skickar ett mejl med en länk för att välja ett nytt lösenord till kontot med e-postadressen, om det finns ett. Svaret är 202 med samma meddelande vare sig adressen hör till ett konto eller inte, och mejlet skickas efter svaret. Länken gäller en gång i ${linkMinutes} minuter, och bara den senast begärda. 429: fler än ${perAccountPerHour} förfrågningar för samma e-postadress (konto eller inte) eller ${perAddressPerHour} från samma klientadress på en timme (Retry-After).`,
        tags: ['user'],
        body: passwordResetRequestBodySchema,
        response: { 202: messageSchema, ...errors(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const result = await ctx.passwordReset.request(request.body, request.ip, request.log);
      switch (result.kind) {
        case 'invalid':
          return reply.code(400).send(result.failure);
        case 'limited':
          return sendTooManyAttempts(reply, result.retryAfterSeconds, PASSWORD_RESET_MESSAGES.tooMany);
        case 'accepted':
          return reply.code(202).header('cache-control', 'no-store').send({ message: PASSWORD_RESET_MESSAGES.sent });
      }
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    identityPaths.passwordResetConfirm,
    {
      bodyLimit: ctx.bodyLimit,
      preValidation: emptyBodyAsObject,
      schema: {
        summary: 'Glömt lösenord: välj ett nytt lösenord med länken',
        description:
          'Sätter det nya lösenordet med länkens token och svarar med en ny token som text (inloggad). Länken förbrukas, kontots andra länkar tas bort, tokens utfärdade före bytet godtas inte längre av identitetstjänsten och kontots misslyckade inloggningsförsök glöms. 400 med field "token": okänd, använd, ersatt eller utgången länk (kontrolleras före lösenordet); 400 med field "password": lösenordet följer inte reglerna (länken gäller fortfarande).',
        tags: ['user'],
        body: passwordResetConfirmBodySchema,
        response: { 200: tokenSchema, ...errors(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const result = await ctx.passwordReset.confirm(request.body);
      switch (result.kind) {
        case 'invalid-link':
          return reply.code(400).send({ message: PASSWORD_RESET_MESSAGES.invalidLink, field: 'token' });
        case 'invalid':
          return reply.code(400).send(result.failure);
        case 'reset':
          return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(result.token);
      }
    },
  );
}
