import type { FastifyInstance } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { AdCreatedSchema, NEW_AD_FORM_DESCRIPTION } from '@bilmarknaden/shared/schemas/car-schemas';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { readAdForm } from './ad-form.ts';
import { typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

export function createRoutes(app: FastifyInstance, ctx: RouteContext): void {
  typed(app).post(
    inventoryPaths.createCar,
    {
      preHandler: ctx.auth.required,
      schema: {
        summary: 'Post a new ad with photos',
        description:
          `${NEW_AD_FORM_DESCRIPTION} The seller is the token's user; id, user and created are never taken from ` +
          'the form. The ad becomes visible only with all its photos stored (all or nothing). A closed ' +
          "account's still valid token gets 401. 403 when the deployment requires sellers verified with BankID.",
        tags: ['ads'],
        consumes: ['multipart/form-data'],
        security: bearerSecurity,
        response: { 201: AdCreatedSchema, ...errorResponses(400, 401, 403, 409, 413, 415, 503) },
      },
    },
    async (request, reply) => {
      const user = ctx.auth.user(request);
      const created = await ctx.ads.create(user, () => readAdForm(request));
      return reply.code(201).send(created.held ? { id: created.id, held: true } : { id: created.id });
    },
  );
}
