import { parse as pgliteParse, protocol, type PGlite } from '@electric-sql/pglite';
import type { QueryOptions, QueryResult } from './database.ts';

/**
 * Prepared statements (decision 010). Each query text is parsed and analysed once per connection and then only
 * bound and executed; the plan is still made for each execution's own values (`plan_cache_mode =
 * force_custom_plan`), because a generic plan ignores the values and is many times slower for the list shapes
 * (measured: a deep window 24 ms generic vs 0.9 ms custom).
 */
export const CUSTOM_PLANS_ONLY = 'SET plan_cache_mode = force_custom_plan';

/**
 * A statement whose best plan is the same whatever its values (`QueryOptions.genericPlan`) runs with
 * `force_generic_plan`: it is planned once per connection (decision 025). PostgreSQL reads the setting at each
 * execution, so a connection is switched only when the next statement wants the other mode.
 */
export const GENERIC_PLANS = 'SET plan_cache_mode = force_generic_plan';

/** Inside a transaction on a connection left in generic mode: custom plans until its end (writes, bulk loads). */
export const CUSTOM_PLANS_IN_TRANSACTION = 'SET LOCAL plan_cache_mode = force_custom_plan';

/**
 * A PostgreSQL connection string whose sessions start with custom plans only (the `options` startup parameter,
 * added to any the string already has), so no query has to run before a new connection's first one.
 */
export function withCustomPlansOnly(connectionString: string): string {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return connectionString;
  }
  const options = [url.searchParams.get('options'), '-c plan_cache_mode=force_custom_plan'].filter(Boolean);
  url.searchParams.set('options', options.join(' '));
  return url.toString();
}

/** Distinct statements kept prepared per connection; further texts run unnamed (parsed each time). */
export const PREPARED_LIMIT = 256;

/**
 * node-postgres: one name per query text, so each pooled connection prepares it once (node-postgres remembers
 * per connection what it prepared). Only the first `limit` texts get a name, as node-postgres never closes a
 * statement; the list, detail and login shapes are among the first a server runs. `forget` gives the text a
 * new name, for when its statement no longer fits its table (see RESULT_TYPE_CHANGED).
 */
export function postgresStatementNames(limit = PREPARED_LIMIT) {
  const names = new Map<string, string>();
  let counter = 0;
  return {
    name(sql: string): string | undefined {
      const known = names.get(sql);
      if (known !== undefined || names.size >= limit) return known;
      const name = `bm_${++counter}`;
      names.set(sql, name);
      return name;
    },
    forget(sql: string): void {
      names.delete(sql);
    },
  };
}

interface Prepared {
  name: string;
  /** The parameter types the server inferred, for PGlite's serializers (as its own `query` does). */
  paramTypes: number[];
}

const serialize = protocol.serialize;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * PGlite runs each statement synchronously on the server's thread, and the next waiting statement would start
 * in the same turn of the event loop: every request read in one turn was answered before any newer one was even
 * read, so a request arriving just after a turn began waited for that whole turn and then its own (list p99 about
 * twice p50 at 10 connections). Holding the lock for one turn after each statement lets the server read the
 * requests that arrived meanwhile, so statements run in the order their requests came.
 */
const turnOfTheEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** "cached plan must not change result type": a table under a kept statement changed its columns. */
export const RESULT_TYPE_CHANGED = '0A000';

export const isResultTypeChanged = (error: unknown) => (error as { code?: unknown }).code === RESULT_TYPE_CHANGED;

/**
 * PGlite: `query` outside transactions with the statement kept prepared. PGlite's own `query` sends parse,
 * describe, bind, describe, execute and sync as six calls into the WebAssembly module and parses the text every
 * time; here a known statement is one call (bind, describe, execute, sync). The least recently used statement is
 * closed when more than `limit` are kept. Values are serialised by the parameter types the server inferred and
 * rows parsed with the database's parsers, exactly as PGlite's `query` does, and it waits for transactions the
 * same way (the transaction lock, then the query lock).
 */
/** Statement names are unique in the process, so two users of one PGlite never take the same name. */
let pgliteStatements = 0;

export function pglitePreparedQuery(db: PGlite, limit = PREPARED_LIMIT) {
  const kept = new Map<string, Prepared>();
  let closing: string[] = [];
  // The session's plan mode as this query last set it; false until a statement asked for generic plans.
  let generic = false;

  const run = async (message: Uint8Array) => (await db.execProtocol(message, { syncToFs: false })).messages;

  async function prepare(sql: string): Promise<Prepared> {
    const name = `bm_${++pgliteStatements}`;
    const parts = closing.map((n) => serialize.close({ type: 'S', name: n }));
    closing = [];
    parts.push(serialize.parse({ text: sql, name }), serialize.describe({ type: 'S', name }), serialize.sync());
    const prepared = { name, paramTypes: pgliteParse.parseDescribeStatementResults(await run(concat(parts))) };
    kept.set(sql, prepared);
    if (kept.size > limit) {
      const [oldest, { name: old }] = kept.entries().next().value as [string, Prepared];
      kept.delete(oldest);
      closing.push(old);
    }
    return prepared;
  }

  async function execute<T>(p: Prepared, params: readonly unknown[]): Promise<QueryResult<T>> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[p.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await run(
      concat([
        serialize.bind({ statement: p.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    const r = pgliteParse.parseResults(messages, db.parsers)[0]!;
    return { rows: r.rows as T[], rowCount: r.affectedRows ?? r.rows.length };
  }

  async function query<T>(
    sql: string,
    params: readonly unknown[] = [],
    options: QueryOptions = {},
  ): Promise<QueryResult<T>> {
    await db._checkReady();
    const result = await db._runExclusiveTransaction(() =>
      db._runExclusiveQuery(async () => {
        const wanted = options.genericPlan === true;
        if (wanted !== generic) {
          await run(serialize.query(wanted ? GENERIC_PLANS : CUSTOM_PLANS_ONLY));
          generic = wanted;
        }
        let p = kept.get(sql);
        if (p) {
          // Most recently used last: the first entry is the one to close.
          kept.delete(sql);
          kept.set(sql, p);
        } else {
          p = await prepare(sql);
        }
        try {
          return await execute<T>(p, params);
        } catch (error) {
          if (!isResultTypeChanged(error)) throw error;
          kept.delete(sql);
          closing.push(p.name);
          return execute<T>(await prepare(sql), params);
        } finally {
          await turnOfTheEventLoop();
        }
      }),
    );
    await db.syncToFs();
    return result;
  }

  return {
    query,
    /** Whether the session is in generic mode now (a transaction then sets custom plans for itself). */
    inGenericMode: () => generic,
  };
}
