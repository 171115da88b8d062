import type { FastifyInstance } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { PriceRangeQuerySchema, PriceRangeSchema } from '@bilmarknaden/shared/schemas/price-schemas';
import { typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

/** The fair-price range for the ad forms (decision 038). */
export function priceRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { prices } = ctx;

  typed(app).get(
    inventoryPaths.priceRange,
    {
      schema: {
        summary: 'The market range of comparable ads for sale',
        description:
          'Comparable: same make and model, model year within ±2, the same or a neighbouring mileage band of 2,500 ' +
          'mil. Their 25th–75th percentile, each price adjusted to the given year and mileage; low and high are ' +
          'null with fewer than 8 comparable ads. The rules and messages of the new-ad form.',
        tags: ['ads'],
        querystring: PriceRangeQuerySchema,
        response: { 200: PriceRangeSchema, ...errorResponses(400) },
      },
    },
    async (request) => prices.range(request.query),
  );
}
