// Values as the API's JSON writes them, for statements whose answer the database writes (decision 022).
import { iso } from '@bilmarknaden/db/timestamps';

export { iso };

/** A timestamp column as JSON text the way `iso` writes it (UTC, the milliseconds cut, not rounded). */
export const jsonTimestamp = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));
