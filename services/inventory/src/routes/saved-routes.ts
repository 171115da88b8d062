import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { MAX_SAVED, MAX_WINDOW } from '@bilmarknaden/shared/constants';
import { asQueryText, errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  SavedCarListSchema,
  SavedRemovedListSchema,
  SavedToggleSchema,
  WindowQuerySchema,
} from '@bilmarknaden/shared/schemas/car-schemas';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { IdParamsSchema, JSON_TYPE, jsonText, parseId, typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

export function savedRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { saved, auth } = ctx;

  typed(app).post(
    inventoryPaths.toggleSaved,
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: 'Save or unsave an ad (toggle)',
        description:
          `Saving an ad beyond ${MAX_SAVED} saved ads (sold ones count) is refused (409); unsaving always works, ` +
          'also of a sold ad, which cannot be newly saved (404). ' +
          "A closed account's still valid token gets 401.",
        tags: ['saved'],
        security: bearerSecurity,
        querystring: Type.Object({ carid: Type.Optional(Type.String()) }),
        response: { 200: SavedToggleSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      return { saved: await saved.toggle(auth.user(request).username, parseId(request.query.carid)) };
    },
  );

  typed(app).get(
    inventoryPaths.savedCars,
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: "The user's saved ads (for sale or sold), newest saved first",
        description: `Window start/end as the list (default 0–${MAX_WINDOW}).`,
        tags: ['saved'],
        security: bearerSecurity,
        querystring: asQueryText(WindowQuerySchema),
        response: { 200: SavedCarListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const json = await saved.listJson(auth.user(request).username, request.query);
      reply.type(JSON_TYPE);
      return jsonText(json);
    },
  );

  typed(app).get(
    inventoryPaths.savedRemoved,
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: "The user's saved ads removed since they were saved, newest first (shown 'Borttagen')",
        tags: ['saved'],
        security: bearerSecurity,
        response: { 200: SavedRemovedListSchema, ...errorResponses(401) },
      },
    },
    async (request) => saved.removed(auth.user(request).username),
  );

  typed(app).delete(
    '/saved/removed/:id',
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: "Dismiss a removed saved ad's mark",
        tags: ['saved'],
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await saved.dismissRemoved(auth.user(request).username, parseId(request.params.id));
      return reply.code(204).send(null);
    },
  );

  typed(app).get(
    '/saved/:id',
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: 'Whether the user has saved one ad (for the heart on the ad page)',
        tags: ['saved'],
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: SavedToggleSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      return { saved: await saved.isSaved(auth.user(request).username, parseId(request.params.id)) };
    },
  );
}
