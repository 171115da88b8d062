import type { FastifyInstance } from 'fastify';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import { isStaffRole } from '@bilmarknaden/shared/constants';
import { asFormBody, errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  ConversationReportDecisionBodySchema,
  ConversationReportListSchema,
  OwnConversationReportListSchema,
} from '@bilmarknaden/shared/schemas/moderation-schemas';
import { MODERATION_MESSAGES } from '@bilmarknaden/shared/validation/moderation';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import type { Database } from '@bilmarknaden/db/database';
import { openConversationReports, OWN_REPORTS_LIMIT } from '../repositories/reports-repository.ts';
import type { ReportDecisionService } from '../services/report-decision-service.ts';
import { IdParamsSchema, parseId, typed, type RouteContext } from './context.ts';

/**
 * The Kontrollpanel's view of reported conversations and the moderators' decisions (issue #27), and the reporter's
 * own list of them ('Mina anmälningar').
 */
export function moderationRoutes(
  app: FastifyInstance,
  ctx: RouteContext & { db: Database; decisions: ReportDecisionService },
): void {
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
      const { role, username } = ctx.auth.user(request);
      if (!isStaffRole(role)) {
        throw new DomainError('forbidden', MODERATION_MESSAGES.staffOnly);
      }
      return openConversationReports(ctx.db, 100, username);
    },
  );

  typed(app).get(
    messagingPaths.ownReports,
    {
      preValidation: ctx.auth.required,
      schema: {
        summary: "The caller's own reports of conversations with their outcome ('Mina anmälningar')",
        description:
          `Newest first, at most ${OWN_REPORTS_LIMIT}. outcome: open | handled | dismissed. The ad's title as the ` +
          'conversation kept it and the other party (null once that account is closed); never who decided.',
        tags: ['safety'],
        security: bearerSecurity,
        response: { 200: OwnConversationReportListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ctx.decisions.ownReports(ctx.auth.user(request)),
  );

  typed(app).put(
    messagingPaths.reportDecision(':id'),
    {
      preValidation: ctx.auth.required,
      schema: {
        summary: 'Decide an open report of a conversation (moderators and administrators)',
        description:
          "outcome: 'handled' (Åtgärdad) | 'dismissed' (Ingen överträdelse); note optional, at most 500 characters, " +
          'kept in the audit log. Others get 403, as does a moderator who made the report or takes part in the ' +
          'conversation; an unknown report 404, a decided one 409. The reporter is mailed the outcome (kind ' +
          "'reports'), without the moderator's name or the note.",
        tags: ['safety'],
        security: bearerSecurity,
        params: IdParamsSchema,
        body: asFormBody(ConversationReportDecisionBodySchema),
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await ctx.decisions.decide(ctx.auth.user(request), parseId(request.params.id), request.body ?? {});
      return reply.code(204).send(null);
    },
  );
}
