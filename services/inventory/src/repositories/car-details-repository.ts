import type { Queryable } from '@bilmarknaden/db/database';
import type { Car } from '@bilmarknaden/shared/api-types';
import { CAR_JSON_FIELDS } from './car-list-sql.ts';
import { PRICE_DETAIL_JOIN, PRICE_DETAIL_JSON_FIELDS } from './price-sql.ts';

/**
 * The ad's registration number and the register's facts kept with it; the mileage warning when the ad's mileage is
 * lower than the register's last reading (issue 40), judged here so that every reader of the detail gets it.
 */
const VEHICLE_DETAIL_JSON_FIELDS =
  `c.registration_number AS "registrationNumber", c.vehicle_facts AS "vehicleFacts", ` +
  `CASE WHEN c.milage < (c.vehicle_facts #>> '{lastInspection,milage}')::int THEN json_build_object(` +
  `'milage', (c.vehicle_facts #>> '{lastInspection,milage}')::int, 'date', c.vehicle_facts #>> '{lastInspection,date}'` +
  `) END AS "milageWarning"`;

/** One ad with its price facts where `statusSql` (a constant condition on `c`) holds, as the JSON text of the detail. */
const carJsonSql = (statusSql: string) =>
  `SELECT row_to_json(j)::text AS json
     FROM inventory.cars c ${PRICE_DETAIL_JOIN}, LATERAL (SELECT ${CAR_JSON_FIELDS}, ${PRICE_DETAIL_JSON_FIELDS}, ${VEHICLE_DETAIL_JSON_FIELDS}) j
    WHERE c.id = $1 AND ${statusSql}`;
const VISIBLE_CAR_JSON = carJsonSql(`c.status IN ('active', 'sold')`);
/** Hidden ads too: the moderators' view. */
const MODERATION_CAR_JSON = carJsonSql(`c.status IN ('active', 'sold', 'hidden')`);

/** One ad as its detail shows it, with its price facts, and which ads are shown. */
export function carDetailsRepository(db: Queryable) {
  async function findCarJson(id: number, sql: string): Promise<string | null> {
    // One row by its primary key: the same plan for every id.
    const r = await db.query<{ json: string }>(sql, [id], { genericPlan: true });
    return r.rows[0]?.json ?? null;
  }
  const findCar = async (id: number, sql: string): Promise<Car | null> => {
    const json = await findCarJson(id, sql);
    return json === null ? null : (JSON.parse(json) as Car);
  };

  return {
    /** The state of those of these ads that are shown, for sale or sold (messaging's inbox marks the others removed). */
    async shownStates(ids: readonly number[]): Promise<Map<number, 'active' | 'sold'>> {
      const r = await db.query<{ id: number; status: 'active' | 'sold' }>(
        `SELECT id, status FROM inventory.cars WHERE id = ANY ($1::int[]) AND status IN ('active', 'sold')`,
        [ids],
      );
      return new Map(r.rows.map((row) => [row.id, row.status]));
    },

    /**
     * A visible ad, for sale or sold (`soldAt`), with its price history and judgement, or null (unknown and
     * pending ads look the same from outside).
     */
    findActive: (id: number) => findCar(id, VISIBLE_CAR_JSON),

    /** findActive's ad as the JSON text of the detail route's answer, or null. */
    findActiveJson: (id: number) => findCarJson(id, VISIBLE_CAR_JSON),

    /** An ad as the public would see it, hidden ones too (the moderators' view), or null. */
    findForModeration: (id: number) => findCar(id, MODERATION_CAR_JSON),
  };
}

export type CarDetailsRepository = ReturnType<typeof carDetailsRepository>;
