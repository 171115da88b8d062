import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { NamedListSchema } from '@bilmarknaden/shared/schemas/car-schemas';
import { typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

// Reference data that rarely changes: browsers and proxies may keep it a few minutes.
const CATALOGUE_CACHE = 'public, max-age=300';

export function makesRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { catalogue } = ctx;

  typed(app).get(
    inventoryPaths.makes,
    {
      schema: {
        summary: 'Every make, alphabetical',
        tags: ['catalogue'],
        response: { 200: NamedListSchema },
      },
    },
    async (_request, reply) => {
      const makes = await catalogue.makes();
      reply.header('cache-control', CATALOGUE_CACHE);
      return makes;
    },
  );

  typed(app).get(
    inventoryPaths.models,
    {
      schema: {
        summary: 'The models of one make (case-insensitive), alphabetical',
        description: "An unknown make answers 404 {message: 'Märket finns inte'}; a missing make 400.",
        tags: ['catalogue'],
        querystring: Type.Object({ make: Type.Optional(Type.String()) }),
        response: { 200: NamedListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const models = await catalogue.models(request.query.make);
      reply.header('cache-control', CATALOGUE_CACHE);
      return models;
    },
  );
}
