import type { FastifyInstance } from 'fastify';
import { inventoryPaths, LIST_AS_OF_HEADER } from '@bilmarknaden/shared/api-paths';
import { carsRepository } from '../repositories/cars-repository.ts';
import { parseListQuery } from '../services/search-query.ts';
import { listQuerySchema, snapshotListResponse } from '../schemas.ts';
import { errorResponses, JSON_TYPE, type RouteContext } from './context.ts';

export function listRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const cars = carsRepository(ctx.db);

  app.get(
    inventoryPaths.listCars,
    {
      schema: {
        summary: 'List and search visible ads',
        description:
          'Window start/end (default 0–20, at most 100 rows, end ≤ 1000), orderBy/order with id as tie-break, ' +
          'case-insensitive filters and Swedish search. Only visible (active) ads. Each answer names its snapshot ' +
          'in the X-List-As-Of header; send it back as asOf on the later windows of the same listing so ads ' +
          'published in between neither repeat nor shift the windows.',
        tags: ['ads'],
        querystring: listQuerySchema,
        response: { 200: snapshotListResponse, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const query = parseListQuery(request.query as Record<string, unknown>);
      // The database writes the answer's JSON (decision 022): sent as it is, not serialized again.
      reply.header(LIST_AS_OF_HEADER, query.asOf.toISOString()).type(JSON_TYPE);
      return cars.listJson(query);
    },
  );
}
