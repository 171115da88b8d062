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
import { SellerSummarySchema, UsernameQuerySchema } from '@bilmarknaden/shared/schemas/user-schemas';
import { MESSAGES } from '../errors.ts';
import { IdParamsSchema, JSON_TYPE, jsonText, parseId, pathId, typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

const CarQuerySchema = Type.Object({ carid: Type.Optional(Type.String()) });
const SellerQuerySchema = Type.Composite([
  Type.Object({ username: Type.Optional(Type.String()) }),
  asQueryText(WindowQuerySchema),
  AsOfQuerySchema,
]);

export function detailRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { listings } = ctx;

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
      const car = await listings.car(parseId(request.query.carid));
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
      const { asOf, json } = await listings.sellerAds(request.query);
      reply.header(LIST_AS_OF_HEADER, asOf.toISOString()).type(JSON_TYPE);
      return jsonText(json);
    },
  );

  typed(app).get(
    inventoryPaths.sellerSummary,
    {
      schema: {
        summary: 'How many ads a seller has for sale and has sold (the seller box)',
        description: 'An unknown user has none: 0 and 0.',
        tags: ['ads'],
        querystring: UsernameQuerySchema,
        response: { 200: SellerSummarySchema, ...errorResponses(400) },
      },
    },
    async (request) => listings.sellerSummary(request.query),
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
      const json = await listings.similar(pathId(request, MESSAGES.carNotFound));
      reply.type(JSON_TYPE);
      return jsonText(json);
    },
  );
}
