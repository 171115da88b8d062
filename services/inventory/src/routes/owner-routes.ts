import type { FastifyInstance } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { AD_FORM_DESCRIPTION, SoldCarListSchema } from '@bilmarknaden/shared/schemas/car-schemas';
import { SoldSchema } from '@bilmarknaden/shared/schemas/price-schemas';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { MESSAGES } from '../errors.ts';
import { readAdForm } from './ad-form.ts';
import { IdParamsSchema, pathId, typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

/** Owner actions beyond the specification: edit and remove one's own ad. */
export function ownerRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const carId = (request: { params: { id: string } }) => pathId(request, MESSAGES.carNotFound);

  typed(app).put(
    inventoryPaths.carById(':id'),
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: 'Edit an own ad',
        description:
          `${AD_FORM_DESCRIPTION} Every field is required, with the rules of a new ad. When photos are sent ` +
          'they replace all the old ones; without photos the old ones stay. The registration number cannot be changed: ' +
          "registrationNumber may be left out or repeat the ad's own; another one is 400.",
        tags: ['ads'],
        consumes: ['multipart/form-data'],
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = ctx.auth.user(request);
      await ctx.ads.update(carId(request), user.username, () => readAdForm(request));
      return reply.code(204).send(null);
    },
  );

  typed(app).delete(
    inventoryPaths.carById(':id'),
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: 'Remove an own ad with its photos and saved entries',
        tags: ['ads'],
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = ctx.auth.user(request);
      await ctx.ads.remove(carId(request), user.username);
      return reply.code(204).send(null);
    },
  );

  typed(app).put(
    inventoryPaths.carSold(':id'),
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: 'Mark an own ad sold',
        description:
          'The ad leaves every list and search; its page still answers with soldAt. Marking a sold ad again ' +
          'answers its first soldAt.',
        tags: ['ads'],
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: SoldSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const user = ctx.auth.user(request);
      return { soldAt: await ctx.ads.markSold(carId(request), user.username) };
    },
  );

  typed(app).delete(
    inventoryPaths.carSold(':id'),
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: 'Take back the sale of an own ad (undo)',
        description:
          'The ad is for sale again, with its first publishing date; 409 when another ad of its registration number ' +
          'was published since the sale.',
        tags: ['ads'],
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = ctx.auth.user(request);
      await ctx.ads.undoSold(carId(request), user.username);
      return reply.code(204).send(null);
    },
  );

  typed(app).get(
    inventoryPaths.ownSoldCars,
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: "The caller's sold ads, newest sale first (at most 100)",
        tags: ['ads'],
        security: bearerSecurity,
        response: { 200: SoldCarListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ctx.ads.ownSold(ctx.auth.user(request).username),
  );
}
