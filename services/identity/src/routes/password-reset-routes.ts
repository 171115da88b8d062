import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { asFormBody, errorResponses, MessageSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  PasswordResetConfirmBodySchema,
  PasswordResetRequestBodySchema,
  TokenAnswerSchema,
} from '@bilmarknaden/shared/schemas/user-schemas';
import { PASSWORD_RESET_LIMITS, PASSWORD_RESET_MESSAGES } from '@bilmarknaden/shared/validation/password-reset';
import { typed } from '@bilmarknaden/service-kit/route-context';
import { emptyBodyAsObject, TOKEN_TYPE, type IdentityContext } from '../context.ts';

const { linkMinutes, perAccountPerHour, perAddressPerHour } = PASSWORD_RESET_LIMITS;

/** 'Glömt lösenord?': a link by email, and a new password with it. Neither takes a bearer token. */
export function passwordResetRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  typed(app).post(
    identityPaths.passwordReset,
    {
      preValidation: emptyBodyAsObject,
      schema: {
        summary: 'Forgotten password: ask for a link',
        description: `Mails a link for choosing a new password to the account with the email address, if there is one. The answer is 202 with the same message whether or not the address belongs to an account, and the mail is sent after the answer. The link works once within ${linkMinutes} minutes, and only the latest one asked for. 429: more than ${perAccountPerHour} requests for the same email address (account or not) or ${perAddressPerHour} from the same client address in an hour (Retry-After).`,
        tags: ['user'],
        body: asFormBody(PasswordResetRequestBodySchema),
        response: { 202: MessageSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      await ctx.passwordReset.request(request.body, request.ip, request.log);
      return reply.code(202).header('cache-control', 'no-store').send({ message: PASSWORD_RESET_MESSAGES.sent });
    },
  );

  typed(app).post(
    identityPaths.passwordResetConfirm,
    {
      preValidation: emptyBodyAsObject,
      schema: {
        summary: 'Forgotten password: choose a new password with the link',
        description:
          'Sets the new password with the link\'s token and answers with a new token as text (logged in). The link is used up, the account\'s other links are removed, identity no longer accepts tokens issued before the change and the account\'s failed logins are forgotten. 400 with field "token": an unknown, used, replaced or expired link (checked before the password); 400 with field "password": the password breaks the rules (the link still works).',
        tags: ['user'],
        body: asFormBody(PasswordResetConfirmBodySchema),
        response: { 200: TokenAnswerSchema, ...errorResponses(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const token = await ctx.passwordReset.confirm(request.body);
      await ctx.tokensRevoked(request.log);
      return reply.header('cache-control', 'no-store').type(TOKEN_TYPE).send(token);
    },
  );
}
