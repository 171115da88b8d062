import type { FastifyInstance } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { feedbackRules, normalizeFeedback } from '@bilmarknaden/shared/validation/feedback';
import { lastFailure } from '@bilmarknaden/shared/validation/rules';
import { optionalUser } from '../auth.ts';
import { HttpError } from '../errors.ts';
import { feedbackRepository } from '../repositories/feedback-repository.ts';
import { bearer, idSchema } from '../schemas.ts';
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
}
