import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { asFormBody, errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  VerificationOrderParamsSchema,
  VerificationStartBodySchema,
  VerificationStartedSchema,
  VerificationStateSchema,
} from '@bilmarknaden/shared/schemas/user-schemas';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { typed } from '@bilmarknaden/service-kit/route-context';
import { emptyBodyAsObject, type IdentityContext } from '../context.ts';

/** 'Verifiera med BankID' on the profile (issue 42, decision 056). */
export function verificationRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  typed(app).post(
    identityPaths.verification,
    {
      preValidation: [ctx.auth.required, emptyBodyAsObject],
      schema: {
        summary: 'Start a BankID verification of the caller',
        description:
          'The personnummer is checked (400 with field "personalNumber"), kept only as a keyed hash and never answered or logged. A new start replaces an open one. 409: already verified, 429: too many starts in an hour, 503: BankID does not answer.',
        tags: ['user'],
        security: bearerSecurity,
        body: asFormBody(VerificationStartBodySchema),
        response: { 200: VerificationStartedSchema, ...errorResponses(400, 401, 409, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const started = await ctx.verification.start(
        ctx.auth.user(request),
        { personalNumber: request.body.personalNumber ?? '' },
        request.ip,
      );
      return reply.header('cache-control', 'no-store').send(started);
    },
  );

  typed(app).get(
    identityPaths.verificationOrder(':orderRef'),
    {
      // The token before the path: without one the answer is 401, whatever was asked.
      preValidation: ctx.auth.required,
      schema: {
        summary: "Poll the caller's BankID verification",
        description:
          'pending (with the QR code of this second), complete (the verified name and a new token that carries the verification) or failed (with the reason and what to tell the user). 404: not an open order of the caller.',
        tags: ['user'],
        security: bearerSecurity,
        params: VerificationOrderParamsSchema,
        response: { 200: VerificationStateSchema, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request, reply) => {
      const state = await ctx.verification.collect(ctx.auth.user(request), request.params.orderRef);
      return reply.header('cache-control', 'no-store').send(state);
    },
  );

  typed(app).delete(
    identityPaths.verificationOrder(':orderRef'),
    {
      // The token before the path: without one the answer is 401, whatever was asked.
      preValidation: ctx.auth.required,
      schema: {
        summary: "Cancel the caller's BankID verification ('Avbryt')",
        tags: ['user'],
        security: bearerSecurity,
        params: VerificationOrderParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request, reply) => {
      await ctx.verification.cancel(ctx.auth.user(request), request.params.orderRef);
      return reply.code(204).send(null);
    },
  );
}
