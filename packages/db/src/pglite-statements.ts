import { Mutex, parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { QueryOptions, QueryResult } from './database.ts';

/** Distinct statement texts kept prepared; the least recently used is closed beyond this. */
export const KEPT_STATEMENTS = 256;

/** "cached plan must not change result type": a table under a kept statement changed its columns. */
const RESULT_TYPE_CHANGED = '0A000';

interface Kept {
  name: string;
  /** The parameter types the server inferred, for the serializers (as PGlite's own `query` does). */
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

/** Names are unique in the process, so two users of one PGlite never take the same one. */
let counter = 0;

/**
 * Each execution planned for its own values: PostgreSQL's automatic choice kept generic plans for the list shapes
 * on PGlite, many times slower (decision 050).
 */
const CUSTOM_PLANS = 'SET plan_cache_mode = force_custom_plan';
/** For a statement asked to keep a generic plan (`QueryOptions.genericPlan`). */
const GENERIC_PLANS = 'SET plan_cache_mode = force_generic_plan';

/**
 * Statements outside transactions kept prepared on PGlite (decision 050), through its public protocol API.
 * PGlite's own `query` parses and analyses every text again and makes six calls into WebAssembly; a kept
 * statement is one call (bind, describe, execute, sync). Values and rows go through PGlite's serializers and
 * parsers exactly as its `query` does. The session plans each execution for its values, except for statements
 * asked to keep a generic plan; it switches mode only when the next statement wants the other one, and is back
 * in custom mode before a transaction.
 *
 * PGlite's `transaction` holds its query lock per statement only, so `transactionLock` keeps a kept statement
 * from running between two statements of a transaction: every caller of this database takes it.
 */
export function keptStatements(db: PGlite, limit = KEPT_STATEMENTS) {
  const kept = new Map<string, Kept>();
  let closing: string[] = [];
  const transactionLock = new Mutex();
  let mode: 'unset' | 'custom' | 'generic' = 'unset';

  const run = async (message: Uint8Array) => (await db.execProtocol(message, { syncToFs: false })).messages;

  /** Under the query lock. */
  async function setMode(wanted: 'custom' | 'generic'): Promise<void> {
    if (mode === wanted) return;
    await run(serialize.query(wanted === 'generic' ? GENERIC_PLANS : CUSTOM_PLANS));
    mode = wanted;
  }

  async function prepare(sql: string): Promise<Kept> {
    const name = `bm_${++counter}`;
    const parts = closing.map((n) => serialize.close({ type: 'S', name: n }));
    closing = [];
    parts.push(serialize.parse({ text: sql, name }), serialize.describe({ type: 'S', name }), serialize.sync());
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(await run(concat(parts))) };
    kept.set(sql, statement);
    if (kept.size > limit) {
      const [oldest, { name: old }] = kept.entries().next().value as [string, Kept];
      kept.delete(oldest);
      closing.push(old);
    }
    return statement;
  }

  async function execute<T>(statement: Kept, params: readonly unknown[]): Promise<QueryResult<T>> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await run(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    const r = parse.parseResults(messages, db.parsers)[0]!;
    return { rows: r.rows as T[], rowCount: r.affectedRows ?? r.rows.length };
  }

  async function query<T>(
    sql: string,
    params: readonly unknown[] = [],
    options: QueryOptions = {},
  ): Promise<QueryResult<T>> {
    const result = await transactionLock.runExclusive(() =>
      db.runExclusive(async () => {
        await setMode(options.genericPlan === true ? 'generic' : 'custom');
        let statement = kept.get(sql);
        if (statement) {
          // Most recently used last: the first entry is the one to close.
          kept.delete(sql);
          kept.set(sql, statement);
        } else {
          statement = await prepare(sql);
        }
        try {
          return await execute<T>(statement, params);
        } catch (error) {
          if ((error as { code?: unknown }).code !== RESULT_TYPE_CHANGED) throw error;
          kept.delete(sql);
          closing.push(statement.name);
          return execute<T>(await prepare(sql), params);
        }
      }),
    );
    await db.syncToFs();
    return result;
  }

  /** A transaction of PGlite's, planned for its values like every unnamed statement, with no kept one between. */
  function transaction<T>(fn: () => Promise<T>): Promise<T> {
    return transactionLock.runExclusive(async () => {
      if (mode === 'generic') await db.runExclusive(() => setMode('custom'));
      return fn();
    });
  }

  return { query, transaction };
}
