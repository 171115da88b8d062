import type { Queryable } from '@bilmarknaden/db/database';
import type { VehicleFacts } from '@bilmarknaden/shared/api-types';

/** `inventory.vehicle_register` as the register's facts (inventory's 001-schema.sql), dates as 'YYYY-MM-DD'. */
const FACTS_JSON = `json_build_object(
    'registrationNumber', registration_number, 'make', make, 'model', model, 'year', year, 'hp', hp, 'fuel', fuel,
    'transmission', transmission, 'type', type, 'color', color, 'inTraffic', in_traffic, 'stolen', stolen,
    'inspectedUntil', to_char(inspected_until, 'YYYY-MM-DD'),
    'lastInspection', CASE WHEN last_inspection IS NOT NULL THEN json_build_object(
      'date', to_char(last_inspection, 'YYYY-MM-DD'), 'milage', last_inspection_milage) END,
    'owners', owners, 'firstRegistered', to_char(first_registered, 'YYYY-MM-DD'), 'equipment', equipment)::text`;

/** The local vehicle register's table: looked up by number, filled by the demo seed. */
export function vehicleRegisterRepository(db: Queryable) {
  return {
    async find(number: string): Promise<VehicleFacts | null> {
      const r = await db.query<{ json: string }>(
        `SELECT ${FACTS_JSON} AS json FROM inventory.vehicle_register WHERE registration_number = $1`,
        [number],
        { genericPlan: true },
      );
      return r.rows[0] ? (JSON.parse(r.rows[0].json) as VehicleFacts) : null;
    },

    /** Adds cars (a car already there is left as it is). */
    async insert(cars: readonly VehicleFacts[]): Promise<void> {
      if (cars.length === 0) return;
      await db.query(
        `INSERT INTO inventory.vehicle_register (registration_number, make, model, year, hp, fuel, transmission, type,
           color, in_traffic, stolen, inspected_until, last_inspection, last_inspection_milage, owners, first_registered,
           equipment)
         SELECT f->>'registrationNumber', f->>'make', f->>'model', (f->>'year')::int, (f->>'hp')::int, f->>'fuel',
           f->>'transmission', f->>'type', f->>'color', (f->>'inTraffic')::boolean, (f->>'stolen')::boolean,
           (f->>'inspectedUntil')::date, (f->'lastInspection'->>'date')::date,
           (f->'lastInspection'->>'milage')::int, (f->>'owners')::int, (f->>'firstRegistered')::date,
           ARRAY(SELECT jsonb_array_elements_text(coalesce(f->'equipment', '[]')))
         FROM jsonb_array_elements($1::jsonb) f
         ON CONFLICT (registration_number) DO NOTHING`,
        [JSON.stringify(cars)],
      );
    },
  };
}
