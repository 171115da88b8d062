import type { FastifyInstance } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { HttpError, MESSAGES } from '../errors.ts';
import { carsRepository } from '../repositories/cars-repository.ts';
import { parseWindow } from '../services/search-query.ts';
import { MAX_WINDOW } from '@bilmarknaden/shared/constants';
import { carListSchema, carSchema, windowQuery } from '../schemas.ts';
import { errorResponses, parseId, type RouteContext } from './context.ts';

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
        description: `Window start/end as the list (default 0–${MAX_WINDOW}). An unknown user has no ads: [].`,
        tags: ['ads'],
        querystring: { type: 'object', properties: { username: { type: 'string' }, ...windowQuery } },
        response: { 200: carListSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const username = typeof query.username === 'string' ? query.username.trim() : '';
      if (username === '') throw new HttpError(400, 'Ange ett användarnamn', 'username');
      return cars.listByUser(username, parseWindow(query, MAX_WINDOW));
    },
  );
}
