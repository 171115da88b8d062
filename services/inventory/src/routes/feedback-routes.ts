import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { ROLES } from '@bilmarknaden/shared/constants';
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
import { feedbackRules, normalizeFeedback } from '@bilmarknaden/shared/validation/feedback';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { Type } from '@sinclair/typebox';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { MESSAGES } from '../errors.ts';
import { feedbackRepository, type HandledFilter } from '../repositories/feedback-repository.ts';
import { parseWindow } from '../services/search-query.ts';
import { IdParamsSchema, pathId, typed, type RouteContext } from './context.ts';

const FeedbackListQueryText = Type.Composite([asQueryText(WindowQuerySchema), asQueryText(FeedbackListQuerySchema)]);

export function feedbackRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const feedback = feedbackRepository(ctx.db);

  /** The token's user when a moderator or an administrator; others get 403 with `message`. */
  function requireStaff(request: FastifyRequest, message: string) {
    const user = ctx.auth.user(request);
    if (user.role !== ROLES.moderator && user.role !== ROLES.administrator) throw new DomainError('forbidden', message);
    return user;
  }
  const feedbackId = (request: { params: { id: string } }) => pathId(request, MESSAGES.feedbackNotFound);

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
      const body = normalizeFeedback(request.body ?? {});
      const failure = lastFailure(feedbackRules, body);
      if (failure) throw new DomainError('invalid', failure.message, { field: failure.field });
      const id = await feedback.insert(body, ctx.auth.optionalUser(request)?.username ?? null);
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
      requireStaff(request, MESSAGES.feedbackForbidden);
      return feedback.list(parseWindow(request.query), handledFilter(request.query.handled));
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
      const { username } = requireStaff(request, MESSAGES.feedbackHandleForbidden);
      const item = await feedback.markHandled(feedbackId(request), username);
      if (!item) throw new DomainError('not-found', MESSAGES.feedbackNotFound);
      return item;
    },
  );

  typed(app).delete(
    inventoryPaths.feedbackHandled(':id'),
    {
      preHandler: ctx.auth.required,
      schema: { ...handledSchema, summary: 'Open handled feedback again (moderators and administrators)' },
    },
    async (request) => {
      requireStaff(request, MESSAGES.feedbackHandleForbidden);
      const item = await feedback.reopen(feedbackId(request));
      if (!item) throw new DomainError('not-found', MESSAGES.feedbackNotFound);
      return item;
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
      requireStaff(request, MESSAGES.feedbackDeleteForbidden);
      if (!(await feedback.remove(feedbackId(request)))) throw new DomainError('not-found', MESSAGES.feedbackNotFound);
      return reply.code(204).send(null);
    },
  );
}

function handledFilter(value: string | undefined): HandledFilter {
  if (value === undefined) return 'all';
  if (value === 'false') return 'open';
  if (value === 'true') return 'handled';
  throw new DomainError('invalid', MESSAGES.feedbackHandledFilter, { field: 'handled' });
}
