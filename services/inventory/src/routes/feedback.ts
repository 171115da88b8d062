import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { ROLES } from '@bilmarknaden/shared/constants';
import { feedbackRules, normalizeFeedback } from '@bilmarknaden/shared/validation/feedback';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { currentUser, optionalUser } from '../auth.ts';
import { HttpError, MESSAGES } from '../errors.ts';
import { feedbackRepository, type HandledFilter } from '../repositories/feedback-repository.ts';
import { parseWindow } from '../services/search-query.ts';
import { bearer, feedbackItemSchema, feedbackListSchema, idSchema, windowQuery } from '../schemas.ts';
import { errorResponses, idParams, pathId, type RouteContext } from './context.ts';

export function feedbackRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const feedback = feedbackRepository(ctx.db);

  app.post(
    inventoryPaths.feedback,
    {
      preHandler: ctx.optionalAuth,
      config: ctx.feedbackRateLimit ? { rateLimit: ctx.feedbackRateLimit } : {},
      schema: {
        summary: 'Send feedback (stored; with the username when logged in)',
        tags: ['feedback'],
        security: [...bearer, {}],
        body: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            email: { type: 'string' },
            title: { type: 'string' },
            content: { type: 'string' },
          },
        },
        response: { 201: idSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const body = normalizeFeedback((request.body ?? {}) as Record<string, unknown>);
      const failure = lastFailure(feedbackRules, body);
      if (failure) throw new HttpError(400, failure.message, failure.field);
      const id = await feedback.insert(body, optionalUser(request)?.username ?? null);
      return reply.code(201).send({ id });
    },
  );

  app.get(
    inventoryPaths.feedback,
    {
      preHandler: ctx.auth,
      schema: {
        summary: 'Stored feedback, newest first (moderators and administrators)',
        description:
          'Window start/end as the list (default 0–20, at most 100 rows); handled=false shows only the open ' +
          'feedback, handled=true only the handled (default all). Other users get 403.',
        tags: ['feedback'],
        security: bearer,
        querystring: {
          type: 'object',
          properties: { ...windowQuery, handled: { type: 'string', description: 'true | false (default: all)' } },
        },
        response: { 200: feedbackListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireStaff(request, MESSAGES.feedbackForbidden);
      const query = request.query as Record<string, unknown>;
      return feedback.list(parseWindow(query), handledFilter(query.handled));
    },
  );

  const handledRoute = {
    preHandler: ctx.auth,
    schema: {
      tags: ['feedback'],
      security: bearer,
      params: idParams,
      response: { 200: feedbackItemSchema, ...errorResponses(401, 403, 404) },
    },
  };
  const feedbackId = (request: { params: unknown }) => pathId(request, MESSAGES.feedbackNotFound);

  app.put(
    inventoryPaths.feedbackHandled(':id'),
    {
      ...handledRoute,
      schema: {
        ...handledRoute.schema,
        summary: 'Mark feedback handled (moderators and administrators)',
        description: 'Answers the feedback with who marked it and when; marking it again changes neither.',
      },
    },
    async (request) => {
      const { username } = requireStaff(request, MESSAGES.feedbackHandleForbidden);
      const item = await feedback.markHandled(feedbackId(request), username);
      if (!item) throw new HttpError(404, MESSAGES.feedbackNotFound);
      return item;
    },
  );

  app.delete(
    inventoryPaths.feedbackHandled(':id'),
    {
      ...handledRoute,
      schema: {
        ...handledRoute.schema,
        summary: 'Open handled feedback again (moderators and administrators)',
      },
    },
    async (request) => {
      requireStaff(request, MESSAGES.feedbackHandleForbidden);
      const item = await feedback.reopen(feedbackId(request));
      if (!item) throw new HttpError(404, MESSAGES.feedbackNotFound);
      return item;
    },
  );

  app.delete(
    inventoryPaths.feedbackById(':id'),
    {
      preHandler: ctx.auth,
      schema: {
        summary: 'Remove feedback for good (moderators and administrators)',
        description: 'For spam, abuse, or a sender who asks for their message and address to be removed.',
        tags: ['feedback'],
        security: bearer,
        params: idParams,
        response: { 204: { type: 'null' }, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      requireStaff(request, MESSAGES.feedbackDeleteForbidden);
      if (!(await feedback.remove(feedbackId(request)))) throw new HttpError(404, MESSAGES.feedbackNotFound);
      return reply.code(204).send();
    },
  );
}

/** The token's user when a moderator or an administrator; others get 403 with `message`. */
function requireStaff(request: FastifyRequest, message: string) {
  const user = currentUser(request);
  if (user.role !== ROLES.moderator && user.role !== ROLES.administrator) throw new HttpError(403, message);
  return user;
}

function handledFilter(value: unknown): HandledFilter {
  if (value === undefined) return 'all';
  if (value === 'false') return 'open';
  if (value === 'true') return 'handled';
  throw new HttpError(400, MESSAGES.feedbackHandledFilter, 'handled');
}
