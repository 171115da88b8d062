import type { FastifyInstance } from 'fastify';
import { inventoryPaths as paths } from '@bilmarknaden/shared/api-paths';
import { errorResponses, NoContentSchema } from '@bilmarknaden/shared/schemas/api-error-schemas';
import {
  CarViewBodySchema,
  ExpiredCarSchema,
  OwnAdListSchema,
  RenewedSchema,
  StillForSaleAnswerSchema,
  StillForSaleBodySchema,
} from '@bilmarknaden/shared/schemas/ad-lifecycle-schemas';
import { AD_LIFETIME_DAYS } from '@bilmarknaden/shared/ad-lifecycle';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { IdParamsSchema, JSON_TYPE, jsonText, parseId, pathId, typed } from '@bilmarknaden/service-kit/route-context';
import { MESSAGES } from '../errors.ts';
import type { RouteContext } from './context.ts';

/** The life of an ad (issue 43): renewal, the expired page, 'Mina annonser', the mails' answers and the views. */
export function lifecycleRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { lifecycle, views, auth } = ctx;
  const tags = ['ads'];
  const carId = (request: { params: { id: string } }) => pathId(request, MESSAGES.carNotFound);

  typed(app).put(
    paths.carRenewal(':id'),
    {
      preValidation: auth.required,
      schema: {
        summary: `Renew an own ad for ${AD_LIFETIME_DAYS} more days; an expired one is shown again`,
        description: "No limit on renewals. Another user's ad is 404 as if it did not exist; a sold or hidden one 409.",
        tags,
        security: bearerSecurity,
        params: IdParamsSchema,
        response: { 200: RenewedSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => lifecycle.renew(carId(request), auth.user(request).username),
  );

  typed(app).get(
    paths.expiredCar(':id'),
    {
      schema: {
        summary: "What an expired ad's page shows (its title, seller and end)",
        description: 'The detail (/001/2001) answers 404 for an expired ad; this answers 404 for any other.',
        tags,
        params: IdParamsSchema,
        response: { 200: ExpiredCarSchema, ...errorResponses(404) },
      },
    },
    async (request) => lifecycle.expired(carId(request)),
  );

  typed(app).get(
    paths.ownCars,
    {
      preValidation: auth.required,
      schema: {
        summary: "The caller's ads for 'Mina annonser', newest first",
        description:
          'Every ad for sale, sold, hidden or expired, with its end, views (not its owner, robots or a ' +
          "visitor's repeats within an hour; counted per Swedish day), how many saved it, and its views per day.",
        tags,
        security: bearerSecurity,
        response: { 200: OwnAdListSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.type(JSON_TYPE);
      return jsonText(await lifecycle.own(auth.user(request).username));
    },
  );

  typed(app).post(
    paths.carViews,
    {
      preValidation: auth.optional,
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        summary: "Count a view of the ad's page (sent by the page)",
        description:
          '204 for any ad, counted or not: buffered and written every few seconds, so the page does not wait on it. ' +
          "Not counted: the ad's owner (with their token), robots (by user-agent), the same visitor within an hour.",
        tags,
        body: CarViewBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      views.count({
        carId: request.body.carId,
        username: auth.optionalUser(request)?.username ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.code(204).send(null);
    },
  );

  typed(app).post(
    paths.stillForSale,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: 'A one-click answer to the mail asking whether the car is still for sale (no login)',
        description:
          "'yes' renews the ad, 'sold' marks it sold. A forged, altered or too old link is 400; a link used " +
          'already, or a question asked again since, 409.',
        tags,
        body: StillForSaleBodySchema,
        response: { 200: StillForSaleAnswerSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      const raw = request.body.car;
      return lifecycle.answer(
        parseId(typeof raw === 'number' ? String(raw) : raw),
        request.body.answer,
        request.body.token,
      );
    },
  );
}
