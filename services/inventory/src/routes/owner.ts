import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth.ts';
import { MESSAGES } from '../errors.ts';
import { readAdForm } from '../services/ad-form.ts';
import { adFormDescription, bearer } from '../schemas.ts';
import { errorResponses, idParams, pathId, type RouteContext } from './context.ts';

/** Owner actions beyond the specification: edit and remove one's own ad. */
export function ownerRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const carId = (request: { params: unknown }) => pathId(request, MESSAGES.carNotFound);

  app.put(
    '/cars/:id',
    {
      preHandler: ctx.auth,
      schema: {
        summary: 'Edit an own ad',
        description:
          `${adFormDescription} Every field is required, with the rules of a new ad. When photos are sent ` +
          'they replace all the old ones; without photos the old ones stay.',
        tags: ['ads'],
        consumes: ['multipart/form-data'],
        security: bearer,
        params: idParams,
        response: { 204: { type: 'null' }, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await ctx.ads.update(carId(request), user.username, () => readAdForm(request));
      return reply.code(204).send();
    },
  );

  app.delete(
    '/cars/:id',
    {
      preHandler: ctx.auth,
      schema: {
        summary: 'Remove an own ad with its photos and saved entries',
        tags: ['ads'],
        security: bearer,
        params: idParams,
        response: { 204: { type: 'null' }, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await ctx.ads.remove(carId(request), user.username);
      return reply.code(204).send();
    },
  );
}
