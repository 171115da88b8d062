import type { FastifyInstance } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { carsRepository } from '../repositories/cars-repository.ts';
import { parseListQuery } from '../services/search-query.ts';
import { carListSchema, listQuerySchema } from '../schemas.ts';
import { errorResponses, type RouteContext } from './context.ts';

export function listRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const cars = carsRepository(ctx.db);

  app.get(
    inventoryPaths.listCars,
    {
      schema: {
        summary: 'List and search visible ads',
        description:
          'Window start/end (default 0–20, at most 100 rows, start ≤ 10000), orderBy/order with id as tie-break, ' +
          'case-insensitive filters and Swedish search. Only visible (active) ads.',
        tags: ['ads'],
        querystring: listQuerySchema,
        response: { 200: carListSchema, ...errorResponses(400) },
      },
    },
    async (request) => cars.list(parseListQuery(request.query as Record<string, unknown>)),
  );
}
