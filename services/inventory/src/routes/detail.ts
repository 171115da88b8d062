import type { FastifyInstance } from 'fastify';
import { inventoryPaths, LIST_AS_OF_HEADER } from '@bilmarknaden/shared/api-paths';
import { HttpError, MESSAGES } from '../errors.ts';
import { carsRepository } from '../repositories/cars-repository.ts';
import { parseAsOf, parseWindow } from '../services/search-query.ts';
import { MAX_WINDOW } from '@bilmarknaden/shared/constants';
import { asOfQuery, carSchema, snapshotListResponse, windowQuery } from '../schemas.ts';
import { errorResponses, JSON_TYPE, parseId, type RouteContext } from './context.ts';

export function detailRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const cars = carsRepository(ctx.db);

  app.get(
    inventoryPaths.car,
    {
      schema: {
        summary: 'One visible ad with every field',
        tags: ['ads'],
        querystring: { type: 'object', properties: { carid: { type: 'string' } } },
        response: { 200: carSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const id = parseId((request.query as Record<string, unknown>).carid);
      const car = id === null ? null : await cars.findActive(id);
      if (!car) throw new HttpError(404, MESSAGES.carNotFound);
      return car;
    },
  );

  app.get(
    inventoryPaths.carsByUser,
    {
      schema: {
        summary: "A seller's visible ads, newest first",
        description:
          `Window start/end as the list (default 0–${MAX_WINDOW}). An unknown user has no ads: []. Like the list, ` +
          'each answer names its snapshot in X-List-As-Of, to send back as asOf on the later windows.',
        tags: ['ads'],
        querystring: { type: 'object', properties: { username: { type: 'string' }, ...windowQuery, asOf: asOfQuery } },
        response: { 200: snapshotListResponse, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const username = typeof query.username === 'string' ? query.username.trim() : '';
      if (username === '') throw new HttpError(400, 'Ange ett användarnamn', 'username');
      const window = parseWindow(query, MAX_WINDOW);
      const asOf = parseAsOf(query);
      reply.header(LIST_AS_OF_HEADER, asOf.toISOString()).type(JSON_TYPE);
      return cars.listByUserJson(username, window, asOf);
    },
  );
}
