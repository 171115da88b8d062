import type { FastifyInstance } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { currentUser } from '../auth.ts';
import { readAdForm } from '../services/ad-form.ts';
import { adFormDescription, bearer, idSchema } from '../schemas.ts';
import { errorResponses, type RouteContext } from './context.ts';

export function createRoutes(app: FastifyInstance, ctx: RouteContext): void {
  app.post(
    inventoryPaths.createCar,
    {
      preHandler: ctx.auth,
      schema: {
        summary: 'Post a new ad with photos',
        description:
          `${adFormDescription} The seller is the token's user; id, user and created are never taken from ` +
          'the form. The ad becomes visible only with all its photos stored (all or nothing). A closed ' +
          "account's still valid token gets 401.",
        tags: ['ads'],
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 201: idSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = await ctx.ads.create(user.username, () => readAdForm(request));
      return reply.code(201).send({ id });
    },
  );
}
