import { describe, it } from 'vitest';

/** The PostgreSQL leg of `npm test` runs the integration tests against TEST_DATABASE_URL; the PGlite leg has none. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A test registered only in the PostgreSQL leg (several connections, a server to make databases on: PGlite is one
 * connection in one process), so one that cannot apply to the engine is not reported as skipped there.
 */
export const onPostgresOnly = (onPostgres ? it : () => undefined) as typeof it;

/** A suite registered only in the PostgreSQL leg, as onPostgresOnly (a suite with no test fails in vitest). */
export const describeOnPostgres = (onPostgres ? describe : () => undefined) as typeof describe;
