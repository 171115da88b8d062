// The ceiling of the benchmark: a bare route in the same process that runs the list page's SQL and sends the
// rows, with no query parsing, validation, mapping or response schema. The API's throughput is compared to it.
import type { FastifyInstance } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import { buildListSql } from '@bilmarknaden/inventory/repositories/cars-repository';
import { parseListQuery } from '@bilmarknaden/inventory/services/search-query';

export const CEILING_PATH = '/__bench/ceiling';

/** The SQL of list page 1 (default order), built once by the inventory's own query builder. */
export function ceilingSql(): { sql: string; params: unknown[] } {
  return buildListSql(parseListQuery({}));
}

export function registerCeilingRoute(app: FastifyInstance, db: Database): void {
  const { sql, params } = ceilingSql();
  app.get(CEILING_PATH, async () => (await db.query(sql, params)).rows);
}
