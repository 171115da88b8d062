import type { FastifyInstance } from 'fastify';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import { asFormBody, errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { CreatedSchema } from '@bilmarknaden/shared/schemas/car-schemas';
import { ReportBodySchema } from '@bilmarknaden/shared/schemas/messaging-schemas';
import { CONVERSATION_REPORT_REASONS, REPORT_LIMITS } from '@bilmarknaden/shared/validation/report';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { IdParamsSchema, parseId, typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

/** Blocking the other party and reporting a conversation. */
export function safetyRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { conversations, auth } = ctx;
  const route = { preValidation: auth.required };

  for (const [method, blocks] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    typed(app).route({
      method,
      url: messagingPaths.block(':id'),
      ...route,
      schema: {
        summary: blocks ? 'Block the other party of a conversation' : "Lift the caller's block",
        description:
          'While either party blocks the other, no message goes either way (403). Anyone but the two participants ' +
          'gets 404.',
        tags: ['safety'],
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 404) },
      },
      handler: async (request, reply) => {
        await conversations.block(auth.user(request).username, parseId(request.params.id), blocks);
        return reply.code(204).send(null);
      },
    });
  }

  typed(app).post(
    messagingPaths.report(':id'),
    {
      ...route,
      schema: {
        summary: 'Report a conversation to the moderators',
        description:
          `reason: ${CONVERSATION_REPORT_REASONS.join(' | ')}; text optional, at most ${REPORT_LIMITS.textMax} ` +
          'characters. One open report per user and conversation (409); 10 reports per user an hour (429).',
        tags: ['safety'],
        security: bearerSecurity,
        params: IdParamsSchema,
        body: asFormBody(ReportBodySchema),
        response: { 201: CreatedSchema, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const id = await conversations.report(
        auth.user(request).username,
        parseId(request.params.id),
        request.body ?? {},
      );
      return reply.code(201).send({ id });
    },
  );
}
