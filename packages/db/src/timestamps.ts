// Timestamp columns as both engines answer them: PostgreSQL gives a Date, PGlite may give text.

/** A timestamp column's value as a Date. */
export const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

export const toDateOrNull = (v: Date | string | null): Date | null => (v === null ? null : toDate(v));

/** A timestamp as ISO 8601 text: a column's value for the API, or a Date to bind as a parameter. */
export const iso = (v: Date | string): string => toDate(v).toISOString();
