import type { FastifyInstance } from 'fastify';
import { identityPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  NotificationSettingsBodySchema,
  NotificationSettingsSchema,
} from '@bilmarknaden/shared/schemas/notification-schemas';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { typed } from '@bilmarknaden/service-kit/route-context';
import { emptyBodyAsObject, type IdentityContext } from '../context.ts';

export function notificationSettingsRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  typed(app).get(
    identityPaths.notificationSettings,
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: "The caller's notification settings ('Aviseringar')",
        description: 'One boolean per notification kind: whether its mails are sent. On unless switched off.',
        tags: ['user'],
        security: bearerSecurity,
        response: { 200: NotificationSettingsSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const settings = await ctx.notificationSettings.get(ctx.auth.user(request).id);
      return reply.header('cache-control', 'no-store').send(settings);
    },
  );

  typed(app).put(
    identityPaths.notificationSettings,
    {
      preValidation: [ctx.auth.required, emptyBodyAsObject],
      schema: {
        summary: "Sets the caller's notification settings",
        description: 'Every kind is required, each true or false; an unknown kind is 400. Answers the settings.',
        tags: ['user'],
        security: bearerSecurity,
        body: NotificationSettingsBodySchema,
        response: { 200: NotificationSettingsSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      const settings = await ctx.notificationSettings.put(ctx.auth.user(request).id, request.body);
      return reply.header('cache-control', 'no-store').send(settings);
    },
  );
}
