import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { inventoryPaths, LIST_AS_OF_HEADER } from '@bilmarknaden/shared/api-paths';
import { MAX_WINDOW, SIMILAR_CARS } from '@bilmarknaden/shared/constants';
import { asQueryText, errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  AsOfQuerySchema,
  CarListSchema,
  CarSchema,
  SnapshotCarListSchema,
  WindowQuerySchema,
} from '@bilmarknaden/shared/schemas/car-schemas';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { MESSAGES } from '../errors.ts';
import { carsRepository } from '../repositories/cars-repository.ts';
import { parseAsOf, parseWindow } from '../services/search-query.ts';
import { IdParamsSchema, JSON_TYPE, jsonText, parseId, pathId, typed, type RouteContext } from './context.ts';

const CarQuerySchema = Type.Object({ carid: Type.Optional(Type.String()) });
const SellerQuerySchema = Type.Composite([
  Type.Object({ username: Type.Optional(Type.String()) }),
  asQueryText(WindowQuerySchema),
  AsOfQuerySchema,
]);

export function detailRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const cars = carsRepository(ctx.db);

  typed(app).get(
    inventoryPaths.car,
    {
      schema: {
        summary: 'One visible ad with every field',
        tags: ['ads'],
        querystring: CarQuerySchema,
        response: { 200: CarSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const id = parseId(request.query.carid);
      const car = id === null ? null : await cars.findActiveJson(id);
      if (car === null) throw new DomainError('not-found', MESSAGES.carNotFound);
      reply.type(JSON_TYPE);
      return jsonText(car);
    },
  );

  typed(app).get(
    inventoryPaths.carsByUser,
    {
      schema: {
        summary: "A seller's visible ads, newest first",
        description:
          `Window start/end as the list (default 0–${MAX_WINDOW}). An unknown user has no ads: []. Like the list, ` +
          'each answer names its snapshot in X-List-As-Of, to send back as asOf on the later windows.',
        tags: ['ads'],
        querystring: SellerQuerySchema,
        response: { 200: SnapshotCarListSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const username = request.query.username?.trim() ?? '';
      if (username === '') throw new DomainError('invalid', 'Ange ett användarnamn', { field: 'username' });
      const window = parseWindow(request.query, MAX_WINDOW);
      const asOf = parseAsOf(request.query);
      reply.header(LIST_AS_OF_HEADER, asOf.toISOString()).type(JSON_TYPE);
      return jsonText(await cars.listByUserJson(username, window, asOf));
    },
  );

  typed(app).get(
    inventoryPaths.similarCars(':id'),
    {
      schema: {
        summary: "Similar ads: the same make and model, nearest the ad's price",
        description: `Up to ${SIMILAR_CARS} visible ads, the nearest price first; the ad itself is left out.`,
        tags: ['ads'],
        params: IdParamsSchema,
        response: { 200: CarListSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const id = pathId(request, MESSAGES.carNotFound);
      const ad = await cars.findOwnership(id);
      // Pending and hidden ads do not exist for the public (issue 46).
      if (!ad || (ad.status !== 'active' && ad.status !== 'sold')) {
        throw new DomainError('not-found', MESSAGES.carNotFound);
      }
      reply.type(JSON_TYPE);
      return jsonText(await cars.similarJson(id, SIMILAR_CARS));
    },
  );
}
