import type { FastifyInstance } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { ROLES } from '@bilmarknaden/shared/constants';
import { feedbackRules, normalizeFeedback } from '@bilmarknaden/shared/validation/feedback';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { currentUser, optionalUser } from '../auth.ts';
import { HttpError, MESSAGES } from '../errors.ts';
import { feedbackRepository } from '../repositories/feedback-repository.ts';
import { parseWindow } from '../services/search-query.ts';
import { bearer, feedbackListSchema, idSchema, windowQuery } from '../schemas.ts';
import { errorResponses, type RouteContext } from './context.ts';

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
        description: 'Window start/end as the list (default 0–20, at most 100 rows). Other users get 403.',
        tags: ['feedback'],
        security: bearer,
        querystring: { type: 'object', properties: windowQuery },
        response: { 200: feedbackListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { role } = currentUser(request);
      if (role !== ROLES.moderator && role !== ROLES.administrator)
        throw new HttpError(403, MESSAGES.feedbackForbidden);
      return feedback.list(parseWindow(request.query as Record<string, unknown>));
    },
  );
}
