import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { asFormBody, errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { CreatedSchema, WindowQuerySchema } from '@bilmarknaden/shared/schemas/car-schemas';
import { asQueryText } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  AdReportBodySchema,
  AuditListSchema,
  AuditQuerySchema,
  ModerationCarSchema,
  OptionalReasonBodySchema,
  OwnHiddenCarDetailSchema,
  OwnHiddenCarListSchema,
  OwnReportListSchema,
  OwnUserReportListSchema,
  QueueSchema,
  ReasonBodySchema,
  ReviewBodySchema,
  UsernameParamsSchema,
  UserQueueSchema,
  UserReportBodySchema,
} from '@bilmarknaden/shared/schemas/moderation-schemas';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { MESSAGES } from '../errors.ts';
import { IdParamsSchema, parseId, pathId, typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

const STAFF = 'Moderators and administrators (role 2 or 3); others 403. Not on their own ads or their own reports.';

/**
 * Reports of ads and users ('Anmäl annons', 'Anmäl användare', 'Mina anmälningar'), the owner's view of a hidden ad
 * and its review request, and the Kontrollpanel's actions.
 */
export function moderationRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { moderation, auth } = ctx;
  const tags = ['moderation'];

  typed(app).post(
    inventoryPaths.reports,
    {
      preValidation: auth.required,
      schema: {
        summary: 'Report an ad to the moderators',
        description:
          'One open report per user and ad (409), not on an own ad (403), at most 10 an hour (429 with ' +
          'Retry-After). Reasons and text as in the shared rules (validation/report.ts).',
        tags,
        security: bearerSecurity,
        body: asFormBody(AdReportBodySchema),
        response: { 201: CreatedSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const id = await moderation.report(auth.user(request), request.body ?? {});
      return reply.code(201).send({ id });
    },
  );

  typed(app).get(
    inventoryPaths.ownReports,
    {
      preValidation: auth.required,
      schema: {
        summary: 'Reports the caller made, with their outcome, newest first',
        tags,
        security: bearerSecurity,
        querystring: asQueryText(WindowQuerySchema),
        response: { 200: OwnReportListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => moderation.ownReports(auth.user(request), request.query),
  );

  typed(app).post(
    inventoryPaths.userReports(':username'),
    {
      preValidation: auth.required,
      schema: {
        summary: 'Report a user to the moderators',
        description:
          'Not oneself (403); an unknown or closed account 404; one open report per user and reported user (409); ' +
          'at most 10 reports of ads and users together an hour (429 with Retry-After). Reasons and text as in the ' +
          'shared rules (validation/report.ts, USER_REPORT_REASONS).',
        tags,
        security: bearerSecurity,
        params: UsernameParamsSchema,
        body: asFormBody(UserReportBodySchema),
        response: { 201: CreatedSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const id = await moderation.reportUser(auth.user(request), request.params.username, request.body ?? {});
      return reply.code(201).send({ id });
    },
  );

  typed(app).get(
    inventoryPaths.ownUserReports,
    {
      preValidation: auth.required,
      schema: {
        summary: 'Reports of users the caller made, with their outcome, newest first',
        tags,
        security: bearerSecurity,
        querystring: asQueryText(WindowQuerySchema),
        response: { 200: OwnUserReportListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => moderation.ownUserReports(auth.user(request), request.query),
  );

  typed(app).get(
    inventoryPaths.ownHiddenCar(':id'),
    {
      preValidation: auth.required,
      schema: {
        summary: 'One own ad the moderators hid, as the detail shows it but without photos, with the reason',
        description: 'The owner only: 404 to anyone else (moderators too), as for an ad that does not exist.',
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: OwnHiddenCarDetailSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => moderation.ownHiddenCar(auth.user(request), pathId(request, MESSAGES.carNotFound)),
  );

  typed(app).get(
    inventoryPaths.ownHiddenCars,
    {
      preValidation: auth.required,
      schema: {
        summary: 'Ads of the caller that the moderators hid, with the reason and the review state',
        tags,
        security: bearerSecurity,
        response: { 200: OwnHiddenCarListSchema, ...errorResponses(401) },
      },
    },
    async (request) => moderation.ownHidden(auth.user(request)),
  );

  typed(app).post(
    inventoryPaths.carReview(':id'),
    {
      preValidation: auth.required,
      schema: {
        summary: 'Ask once for a new review of an own hidden ad',
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        body: asFormBody(ReviewBodySchema),
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await moderation.requestReview(auth.user(request), pathId(request, MESSAGES.carNotFound), request.body ?? {});
      return reply.code(204).send(null);
    },
  );

  typed(app).get(
    inventoryPaths.moderationQueue,
    {
      preValidation: auth.required,
      schema: {
        summary: 'Open reports grouped by ad, most reported and oldest first; review requests marked',
        description: STAFF,
        tags,
        security: bearerSecurity,
        response: { 200: QueueSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => moderation.queue(auth.user(request)),
  );

  typed(app).get(
    inventoryPaths.moderationCar(':id'),
    {
      preValidation: auth.required,
      schema: {
        summary: 'One ad as the moderators see it, with its reports and the other ads and history of the seller',
        description: STAFF,
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: ModerationCarSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => moderation.car(auth.user(request), parseId(request.params.id)),
  );

  typed(app).put(
    inventoryPaths.moderationHidden(':id'),
    {
      preValidation: auth.required,
      schema: {
        summary: 'Hide an ad, with a reason its seller is shown',
        description: `${STAFF} The ad's open reports are decided; the seller and the reporters are mailed.`,
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        body: asFormBody(ReasonBodySchema),
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await moderation.hide(auth.user(request), parseId(request.params.id), request.body ?? {});
      return reply.code(204).send(null);
    },
  );

  typed(app).delete(
    inventoryPaths.moderationHidden(':id'),
    {
      preValidation: auth.required,
      schema: {
        summary: 'Show a hidden ad again',
        description: STAFF,
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await moderation.restore(auth.user(request), parseId(request.params.id), {});
      return reply.code(204).send(null);
    },
  );

  typed(app).post(
    inventoryPaths.moderationDismissal(':id'),
    {
      preValidation: auth.required,
      schema: {
        summary: 'Dismiss the open reports of an ad (no breach found); keeps a reviewed hidden ad hidden',
        description: STAFF,
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        body: Type.Optional(asFormBody(OptionalReasonBodySchema)),
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await moderation.dismiss(auth.user(request), parseId(request.params.id), request.body ?? {});
      return reply.code(204).send(null);
    },
  );

  typed(app).get(
    inventoryPaths.moderationUsers,
    {
      preValidation: auth.required,
      schema: {
        summary: 'Reported users with their open reports, ads and record, most reported and oldest first',
        description: STAFF,
        tags,
        security: bearerSecurity,
        response: { 200: UserQueueSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => moderation.userQueue(auth.user(request)),
  );

  typed(app).post(
    inventoryPaths.moderationUserDismissal(':username'),
    {
      preValidation: auth.required,
      schema: {
        summary: 'Dismiss the open reports of a user (no breach found); the reporters are told',
        description: `${STAFF} Not on reports about oneself. A block is identity's (PUT /api/identity/users/{username}/blocked).`,
        tags,
        security: bearerSecurity,
        params: UsernameParamsSchema,
        body: Type.Optional(asFormBody(OptionalReasonBodySchema)),
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await moderation.dismissUser(auth.user(request), request.params.username, request.body ?? {});
      return reply.code(204).send(null);
    },
  );

  typed(app).get(
    inventoryPaths.moderationAudit,
    {
      preValidation: auth.required,
      schema: {
        summary: 'The audit log of moderator actions, newest first (administrators)',
        description: 'Role 3 only (others 403). Append-only: nothing in the product changes or removes an entry.',
        tags,
        security: bearerSecurity,
        querystring: AuditQuerySchema,
        response: { 200: AuditListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => moderation.auditLog(auth.user(request), request.query),
  );
}
