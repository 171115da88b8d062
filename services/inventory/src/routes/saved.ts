import type { FastifyInstance } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { MAX_SAVED, MAX_WINDOW } from '@bilmarknaden/shared/constants';
import { currentUser } from '../auth.ts';
import { accountClosedError, HttpError, MESSAGES } from '../errors.ts';
import { savedRepository } from '../repositories/saved-repository.ts';
import { parseWindow } from '../services/search-query.ts';
import { bearer, carListSchema, savedSchema, windowQuery } from '../schemas.ts';
import { errorResponses, idParams, JSON_TYPE, parseId, type RouteContext } from './context.ts';

export function savedRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const saved = savedRepository(ctx.db);

  app.post(
    inventoryPaths.toggleSaved,
    {
      preHandler: ctx.auth,
      schema: {
        summary: 'Save or unsave an ad (toggle)',
        tags: ['saved'],
        security: bearer,
        querystring: { type: 'object', properties: { carid: { type: 'string' } } },
        description:
          `Saving an ad beyond ${MAX_SAVED} saved ads is refused (409); unsaving always works. ` +
          "A closed account's still valid token gets 401.",
        response: { 200: savedSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = parseId((request.query as Record<string, unknown>).carid);
      const state = id === null ? null : await saved.toggle(user.username, id);
      if (state === 'closed') throw accountClosedError();
      if (state === null) throw new HttpError(404, MESSAGES.carNotFound);
      if (state === 'full') throw new HttpError(409, MESSAGES.savedFull);
      return { saved: state };
    },
  );

  app.get(
    inventoryPaths.savedCars,
    {
      schema: {
        summary: "The user's saved visible ads, newest saved first",
        description: `Window start/end as the list (default 0–${MAX_WINDOW}).`,
        tags: ['saved'],
        security: bearer,
        querystring: { type: 'object', properties: windowQuery },
        response: { 200: carListSchema, ...errorResponses(400, 401) },
      },
      preHandler: ctx.auth,
    },
    async (request, reply) => {
      const window = parseWindow(request.query as Record<string, unknown>, MAX_WINDOW);
      reply.type(JSON_TYPE);
      return saved.listJson(currentUser(request).username, window);
    },
  );

  app.get(
    '/saved/:id',
    {
      preHandler: ctx.auth,
      schema: {
        summary: 'Whether the user has saved one ad (for the heart on the ad page)',
        tags: ['saved'],
        security: bearer,
        params: idParams,
        response: { 200: savedSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const id = parseId((request.params as { id?: unknown }).id);
      return { saved: id !== null && (await saved.isSaved(currentUser(request).username, id)) };
    },
  );
}
