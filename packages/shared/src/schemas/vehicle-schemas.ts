import { Type } from '@sinclair/typebox';

const day = (description: string) => Type.String({ format: 'date', description });

/**
 * What the vehicle register says about a car (issue 40, decision 051). Make, model, year, hp and the four
 * option fields use the ad form's names and values (packages/shared/src/options.ts), so they fill it as they are.
 */
export const VehicleFactsSchema = Type.Object({
  registrationNumber: Type.String({
    description: "Stored form, upper case without the space: 'ABC123' (shown 'ABC 123')",
  }),
  make: Type.String(),
  model: Type.String(),
  year: Type.Integer({ description: 'Model year (årsmodell)' }),
  hp: Type.Integer(),
  fuel: Type.String({ description: "A fuel of the ad form's list" }),
  transmission: Type.String({ description: "Gearbox (växellåda): a value of the ad form's list" }),
  type: Type.String({ description: "Body (kaross): a type of the ad form's list" }),
  color: Type.String({ description: "A colour of the ad form's list" }),
  inTraffic: Type.Boolean({ description: "true: 'i trafik'; false: 'avställd' (shown, not refused)" }),
  stolen: Type.Boolean({ description: 'Reported stolen: such a car cannot be published' }),
  inspectedUntil: Type.Union([day('Besiktad till'), Type.Null()]),
  lastInspection: Type.Union([
    Type.Object(
      { date: day('Senaste besiktning'), milage: Type.Integer({ description: 'Mätarställning, Swedish miles (mil)' }) },
      { description: 'The last inspection with its odometer reading' },
    ),
    Type.Null(),
  ]),
  owners: Type.Integer({ description: 'Antal ägare' }),
  firstRegistered: day('Först registrerad i Sverige'),
  equipment: Type.Optional(
    Type.Array(Type.String(), {
      description:
        "The factory equipment the register knows, as codes of the ad form's list (packages/shared/src/equipment.ts); " +
        'they prefill its checkboxes. Unknown codes are ignored',
    }),
  ),
});

/** The register's facts as an ad keeps them: a snapshot taken when it was published. */
export const AdVehicleFactsSchema = Type.Composite([
  VehicleFactsSchema,
  Type.Object({
    fetchedAt: Type.String({
      format: 'date-time',
      description: "When they were read from the register ('Uppgifter från fordonsregistret (hämtade 5 dec. 2026)')",
    }),
  }),
]);

/** The fields the ad's page adds: the car's identity and what the register said. */
export const VehicleDetailFieldsSchema = Type.Object({
  registrationNumber: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: "Stored form, 'ABC123' (shown 'ABC 123'); null for an ad published before numbers were asked for",
    }),
  ),
  vehicleFacts: Type.Optional(
    Type.Union([AdVehicleFactsSchema, Type.Null()], {
      description: "The register's facts when the ad was published; null when the register knew nothing of the car",
    }),
  ),
  milageWarning: Type.Optional(
    Type.Union(
      [
        Type.Object({
          milage: Type.Integer({ description: 'The reading at the last inspection, mil' }),
          date: day('The day of that inspection'),
        }),
        Type.Null(),
      ],
      {
        description:
          "Set when the ad's mileage is lower than the register's last reading ('Miltalet är lägre än vid senaste " +
          "besiktningen (12 300 mil, 3 maj 2026)'); null otherwise",
      },
    ),
  ),
});

/** `GET /vehicle-register/{number}`: the number as typed (spaces and case do not matter). */
export const RegistrationNumberParamsSchema = Type.Object({
  number: Type.String({ description: "'ABC 123', 'abc123' or 'ABC 12A'" }),
});
