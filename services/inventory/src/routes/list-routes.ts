import type { FastifyInstance } from 'fastify';
import { inventoryPaths, LIST_AS_OF_HEADER } from '@bilmarknaden/shared/api-paths';
import { asQueryText, errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { CarListQuerySchema, SnapshotCarListSchema } from '@bilmarknaden/shared/schemas/car-schemas';
import { carsRepository } from '../repositories/cars-repository.ts';
import { parseListQuery } from '../services/search-query.ts';
import { JSON_TYPE, jsonText, typed, type RouteContext } from './context.ts';

export function listRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const cars = carsRepository(ctx.db);

  typed(app).get(
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
        querystring: asQueryText(CarListQuerySchema),
        response: { 200: SnapshotCarListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const query = parseListQuery(request.query);
      // The database writes the answer's JSON (decision 022): sent as it is, not serialized again.
      reply.header(LIST_AS_OF_HEADER, query.asOf.toISOString()).type(JSON_TYPE);
      return jsonText(await cars.listJson(query));
    },
  );
}
