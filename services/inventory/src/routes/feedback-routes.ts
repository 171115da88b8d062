import type { FastifyInstance } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import {
  asFormBody,
  asQueryText,
  errorResponses,
  NoContentSchema,
} from '@bilmarknaden/shared/schemas/api-error-schemas';
import { CreatedSchema, WindowQuerySchema } from '@bilmarknaden/shared/schemas/car-schemas';
import {
  FeedbackBodySchema,
  FeedbackItemSchema,
  FeedbackListQuerySchema,
  FeedbackListSchema,
} from '@bilmarknaden/shared/schemas/feedback-schemas';
import { Type } from '@sinclair/typebox';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { IdParamsSchema, parseId, typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

const FeedbackListQueryText = Type.Composite([asQueryText(WindowQuerySchema), asQueryText(FeedbackListQuerySchema)]);

export function feedbackRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { feedback, auth } = ctx;

  typed(app).post(
    inventoryPaths.feedback,
    {
      preHandler: ctx.auth.optional,
      config: ctx.feedbackRateLimit ? { rateLimit: ctx.feedbackRateLimit } : {},
      schema: {
        summary: 'Send feedback (stored; with the username when logged in)',
        tags: ['feedback'],
        security: [...bearerSecurity, {}],
        body: asFormBody(FeedbackBodySchema),
        response: { 201: CreatedSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const id = await feedback.send(request.body ?? {}, auth.optionalUser(request)?.username ?? null);
      return reply.code(201).send({ id });
    },
  );

  typed(app).get(
    inventoryPaths.feedback,
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: 'Stored feedback, newest first (moderators and administrators)',
        description:
          'Window start/end as the list (default 0–20, at most 100 rows); handled=false shows only the open ' +
          'feedback, handled=true only the handled (default all). Other users get 403.',
        tags: ['feedback'],
        security: bearerSecurity,
        querystring: FeedbackListQueryText,
        response: { 200: FeedbackListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      return feedback.list(auth.user(request), request.query);
    },
  );

  const handledSchema = {
    tags: ['feedback'],
    security: bearerSecurity,
    params: IdParamsSchema,
    response: { 200: FeedbackItemSchema, ...errorResponses(401, 403, 404) },
  };

  typed(app).put(
    inventoryPaths.feedbackHandled(':id'),
    {
      preHandler: ctx.auth.required,
      schema: {
        ...handledSchema,
        summary: 'Mark feedback handled (moderators and administrators)',
        description: 'Answers the feedback with who marked it and when; marking it again changes neither.',
      },
    },
    async (request) => {
      return feedback.markHandled(auth.user(request), parseId(request.params.id));
    },
  );

  typed(app).delete(
    inventoryPaths.feedbackHandled(':id'),
    {
      preHandler: ctx.auth.required,
      schema: { ...handledSchema, summary: 'Open handled feedback again (moderators and administrators)' },
    },
    async (request) => {
      return feedback.reopen(auth.user(request), parseId(request.params.id));
    },
  );

  typed(app).delete(
    inventoryPaths.feedbackById(':id'),
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: 'Remove feedback for good (moderators and administrators)',
        description: 'For spam, abuse, or a sender who asks for their message and address to be removed.',
        tags: ['feedback'],
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await feedback.remove(auth.user(request), parseId(request.params.id));
      return reply.code(204).send(null);
    },
  );
}
