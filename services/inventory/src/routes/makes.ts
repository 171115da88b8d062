import type { FastifyInstance } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { HttpError, MESSAGES } from '../errors.ts';
import { makesRepository } from '../repositories/makes-repository.ts';
import { namedListSchema } from '../schemas.ts';
import { errorResponses, type RouteContext } from './context.ts';

// Reference data that rarely changes: browsers and proxies may keep it a few minutes.
const CATALOGUE_CACHE = 'public, max-age=300';

export function makesRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const makes = makesRepository(ctx.db);

  app.get(
    inventoryPaths.makes,
    {
      schema: {
        summary: 'Every make, alphabetical',
        tags: ['catalogue'],
        response: { 200: namedListSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CATALOGUE_CACHE);
      return makes.listMakes();
    },
  );

  app.get(
    inventoryPaths.models,
    {
      schema: {
        summary: 'The models of one make (case-insensitive), alphabetical',
        description: "An unknown make answers 404 {message: 'Märket finns inte'}; a missing make 400.",
        tags: ['catalogue'],
        querystring: { type: 'object', properties: { make: { type: 'string' } } },
        response: { 200: namedListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const name = (request.query as Record<string, unknown>).make;
      if (typeof name !== 'string' || name.trim() === '') throw new HttpError(400, 'Ange ett märke', 'make');
      const make = await makes.findMake(name.trim());
      if (!make) throw new HttpError(404, MESSAGES.makeNotFound);
      reply.header('cache-control', CATALOGUE_CACHE);
      return makes.listModels(make.id);
    },
  );
}
