import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { NamedListSchema } from '@bilmarknaden/shared/schemas/car-schemas';
import { DomainError } from '@bilmarknaden/service-kit/domain-error';
import { MESSAGES } from '../errors.ts';
import { makesRepository } from '../repositories/makes-repository.ts';
import { typed, type RouteContext } from './context.ts';

// Reference data that rarely changes: browsers and proxies may keep it a few minutes.
const CATALOGUE_CACHE = 'public, max-age=300';

export function makesRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const makes = makesRepository(ctx.db);

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
      reply.header('cache-control', CATALOGUE_CACHE);
      return makes.listMakes();
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
      const name = request.query.make?.trim() ?? '';
      if (name === '') throw new DomainError('invalid', 'Ange ett märke', { field: 'make' });
      const make = await makes.findMake(name);
      if (!make) throw new DomainError('not-found', MESSAGES.makeNotFound);
      reply.header('cache-control', CATALOGUE_CACHE);
      return makes.listModels(make.id);
    },
  );
}
