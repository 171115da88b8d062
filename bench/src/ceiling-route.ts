// The ceilings of the benchmark: one bare route per API scenario, in the same process, that runs exactly the SQL
// the scenario's API request runs and sends its answer (for the lists, the JSON the database wrote), with no
// query-string validation, no token verification, no response schema and no mapping beyond what the repository
// does. Each scenario's throughput is compared to its own ceiling, so the figure is what the API adds to its SQL,
// not how costly the SQL is.
import type { FastifyInstance } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';
import { MAX_WINDOW } from '@bilmarknaden/shared/constants';
import { buildListJsonSql, CAR_JSON_FIELDS, queryJsonArray } from '@bilmarknaden/inventory/repositories/car-list-sql';
import { carDetailsRepository } from '@bilmarknaden/inventory/repositories/car-details-repository';
import { JSON_TYPE } from '@bilmarknaden/service-kit/route-context';
import { savedRepository } from '@bilmarknaden/inventory/repositories/saved-repository';
import { searchTermsRepository } from '@bilmarknaden/inventory/repositories/search-terms-repository';
import { keptCloseNames, withCorrectedSearch } from '@bilmarknaden/inventory/services/search-correction';
import { parseAsOf, parseListQuery, parseWindow } from '@bilmarknaden/inventory/services/search-query';
import { benchUser } from '@bilmarknaden/server/cli/bulk-seed';
import { CEILING_BASE, ceilingPath, DETAIL_WITHOUT_PRICE_FACTS, LIST_SHAPES } from './scenarios.ts';

/** Registers every ceiling route (bench-server.ts calls this when BENCH_CEILING_ROUTE=true). */
export function registerCeilingRoute(app: FastifyInstance, db: Database): void {
  const closeNames = keptCloseNames(searchTermsRepository(db).closeNames);
  for (const shape of LIST_SHAPES) {
    // Parsed once here; per request only the snapshot changes, and a search looks up its words' corrections as
    // the list route does, through kept lookups (decision 043): both are the scenario's work. The list route sends no asOf of its own: a
    // request without one gets the latest snapshot (parseAsOf), so each ceiling request takes it too and the
    // inventory's own builder makes its SQL.
    const query = parseListQuery(shape.query);
    app.get(ceilingPath(shape.name), async (_request, reply) => {
      const corrected = await withCorrectedSearch(query, closeNames);
      const statement = buildListJsonSql({ ...corrected, asOf: parseAsOf({}) });
      reply.type(JSON_TYPE);
      return queryJsonArray(db, statement);
    });
  }

  // Detail: the repository's own call (its SQL, which writes the answer's JSON), the id taken as is.
  const cars = carDetailsRepository(db);
  app.get(ceilingPath('detail'), async (request, reply) => {
    const json = await cars.findActiveJson(Number((request.query as { carid?: string }).carid));
    return json === null ? reply.code(404).send() : reply.type(JSON_TYPE).send(json);
  });
  // The same read without the price facts (issue 28): the ad's row alone, its JSON written by the database as the
  // detail's is.
  const withoutPriceFacts = `SELECT row_to_json(j)::text AS json FROM inventory.cars c, LATERAL (SELECT ${CAR_JSON_FIELDS}) j
    WHERE c.id = $1 AND c.status IN ('active', 'sold')`;
  app.get(ceilingPath(DETAIL_WITHOUT_PRICE_FACTS), async (request, reply) => {
    const r = await db.query<{ json: string }>(withoutPriceFacts, [
      Number((request.query as { carid?: string }).carid),
    ]);
    return r.rows[0] ? reply.type(JSON_TYPE).send(r.rows[0].json) : reply.code(404).send();
  });

  // Saved: the repository's list for bench user 1 (whose token the API scenario sends), default window.
  const saved = savedRepository(db);
  const username = benchUser(1).username;
  const window = parseWindow({}, MAX_WINDOW);
  app.get(ceilingPath('saved'), async (_request, reply) => {
    reply.type(JSON_TYPE);
    return saved.listJson(username, window);
  });

  // The measured process's memory (after a full collection: the bench server runs with --expose-gc), for the
  // memory of open live-event streams.
  app.get(`${CEILING_BASE}/memory`, async () => {
    (globalThis as { gc?: () => void }).gc?.();
    return process.memoryUsage();
  });
}
