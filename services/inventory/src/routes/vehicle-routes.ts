import type { FastifyInstance } from 'fastify';
import { inventoryPaths } from '@bilmarknaden/shared/api-paths';
import { errorResponses } from '@bilmarknaden/shared/schemas/api-error-schemas';
import { RegistrationNumberParamsSchema, VehicleFactsSchema } from '@bilmarknaden/shared/schemas/vehicle-schemas';
import { bearerSecurity } from '@bilmarknaden/service-kit/service-plugin';
import { typed } from '@bilmarknaden/service-kit/route-context';
import type { RouteContext } from './context.ts';

/** Lookups of the vehicle register for the new-ad form ('Hämta fordonsuppgifter', issue 40). */
export function vehicleRoutes(app: FastifyInstance, ctx: RouteContext): void {
  typed(app).get(
    inventoryPaths.vehicleRegister(':number'),
    {
      preHandler: ctx.auth.required,
      // Logged-in sellers filling in a form: a few lookups a minute each, not a way to read the register.
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: "The vehicle register's facts of a registration number",
        description:
          "Make, model, model year, power, fuel, gearbox, body and colour as the ad form's values, and the car's " +
          "state (i trafik/avställd, stolen, inspections, owners). 404 'Vi hittade inga uppgifter om ABC 123. Fyll i " +
          "dem själv.' when the register knows no such car; 400 for a number of the wrong format.",
        tags: ['ads'],
        security: bearerSecurity,
        params: RegistrationNumberParamsSchema,
        response: { 200: VehicleFactsSchema, ...errorResponses(400, 401, 404, 429, 503) },
      },
    },
    async (request) => ctx.ads.lookupVehicle(request.params.number),
  );
}
