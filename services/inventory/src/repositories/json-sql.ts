// Values as the API's JSON writes them, for statements whose answer the database writes (decision 022).

/** A timestamp column as JSON text the way `iso` writes it (UTC, the milliseconds cut, not rounded). */
export const jsonTimestamp = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A timestamp column as ISO 8601 (PostgreSQL answers a Date, PGlite may answer text). */
export const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));
