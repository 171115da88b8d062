import type { FastifyInstance } from 'fastify';
import { inventoryPaths, LIST_AS_OF_HEADER } from '@bilmarknaden/shared/api-paths';
import { asQueryText, errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { LIST_COUNT_CAP } from '@bilmarknaden/shared/constants';
import {
  CarCountQuerySchema,
  CarCountSchema,
  CarListQuerySchema,
  SnapshotCarListSchema,
} from '@bilmarknaden/shared/schemas/car-schemas';
import { JSON_TYPE, jsonText, typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

export function listRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { listings } = ctx;

  typed(app).get(
    inventoryPaths.listCars,
    {
      schema: {
        summary: 'List and search visible ads',
        description:
          'Window start/end (default 0–20, at most 100 rows, end ≤ 1000), orderBy/order with id as tie-break, ' +
          "case-insensitive filters and Swedish search that forgives spacing and small typos in makes and models ('xc 90', " +
          "'volvp'). Avstånd: near (a kommun code) gives each ad distanceKm and keeps the ads with a place; within " +
          "(10, 25, 50, 100 or 200 km) and orderBy=distance ('Närmast') need near. Only visible (active) ads. " +
          'Each answer names its snapshot ' +
          'in the X-List-As-Of header; send it back as asOf on the later windows of the same listing so ads ' +
          'published in between neither repeat nor shift the windows.',
        tags: ['ads'],
        querystring: asQueryText(CarListQuerySchema),
        response: { 200: SnapshotCarListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { asOf, json } = await listings.list(request.query);
      // The database writes the answer's JSON (decision 022): sent as it is, not serialized again.
      reply.header(LIST_AS_OF_HEADER, asOf.toISOString()).type(JSON_TYPE);
      return jsonText(json);
    },
  );

  typed(app).get(
    inventoryPaths.countCars,
    {
      schema: {
        summary: 'Count the visible ads a list matches',
        description:
          `The list's filters and search (no window, order or snapshot). Counted up to ${LIST_COUNT_CAP}, as deep as ` +
          `the lists go: beyond it the answer is ${LIST_COUNT_CAP} with more: true.`,
        tags: ['ads'],
        querystring: asQueryText(CarCountQuerySchema),
        response: { 200: CarCountSchema, ...errorResponses(400) },
      },
    },
    async (request) => listings.count(request.query),
  );
}
