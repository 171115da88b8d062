import type { FastifyInstance } from 'fastify';
import { messagingPaths } from '@bilmarknaden/shared/api-paths';
import { asFormBody, errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  ConversationReportDecisionBodySchema,
  ConversationReportListSchema,
  FlaggedMessageListSchema,
  OwnConversationReportListSchema,
} from '@bilmarknaden/shared/schemas/moderation-schemas';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { FLAGGED_PAGE, OWN_REPORTS_LIMIT } from '../services/report-decision-service.ts';
import { Type } from '@sinclair/typebox';
import { IdParamsSchema, parseId, typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

/**
 * The Kontrollpanel's view of reported conversations and the moderators' decisions (issue #27), the reporter's own
 * list of them ('Mina anmälningar'), and the messages that tripped a warning rule (issue #42).
 */
export function moderationRoutes(app: FastifyInstance, ctx: RouteContext): void {
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
    async (request) => ctx.decisions.queue(ctx.auth.user(request)),
  );

  typed(app).get(
    messagingPaths.flaggedMessages,
    {
      preValidation: ctx.auth.required,
      schema: {
        summary: "Messages that tripped a warning rule, 'Flaggade meddelanden' (moderators and administrators)",
        description:
          `Newest first, ${FLAGGED_PAGE} a page; \`cursor\` is the previous page's nextCursor. Each with the rules it ` +
          "tripped: 'phone', 'email', 'link', 'scam:<word>'. Their recipients saw a warning; the senders were not told. " +
          'Others get 403.',
        tags: ['safety'],
        security: bearerSecurity,
        querystring: Type.Object({ cursor: Type.Optional(Type.String()) }),
        response: { 200: FlaggedMessageListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ctx.decisions.flaggedMessages(ctx.auth.user(request), request.query.cursor),
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
