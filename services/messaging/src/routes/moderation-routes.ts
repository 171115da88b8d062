import type { FastifyInstance } from 'fastify';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import { ROLES } from '@bilmarknaden/shared/constants';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { ConversationReportListSchema } from '@bilmarknaden/shared/schemas/moderation-schemas';
import { MODERATION_MESSAGES } from '@bilmarknaden/shared/validation/moderation';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import type { Database } from '@bilmarknaden/db/database';
import { openConversationReports } from '../repositories/reports-repository.ts';
import { typed, type RouteContext } from './context.ts';

/** The Kontrollpanel's view of reported conversations (issue #27): read by moderators and administrators. */
export function moderationRoutes(app: FastifyInstance, ctx: RouteContext & { db: Database }): void {
  typed(app).get(
    messagingPaths.reports,
    {
      preValidation: ctx.auth.required,
      schema: {
        summary: 'Open reports of conversations with their newest messages (moderators and administrators)',
        description: 'Oldest first, at most 100. Others get 403.',
        tags: ['safety'],
        security: bearerSecurity,
        response: { 200: ConversationReportListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { role } = ctx.auth.user(request);
      if (role !== ROLES.moderator && role !== ROLES.administrator) {
        throw new DomainError('forbidden', MODERATION_MESSAGES.staffOnly);
      }
      return openConversationReports(ctx.db, 100);
    },
  );
}
