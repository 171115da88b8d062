import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { lockFolder } from './lock.ts';
import { keptStatements } from './pglite-statements.ts';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * The statement's best plan is the same whatever its values (an ad by id, the unfiltered first window): PGlite
   * then keeps one generic plan instead of planning each execution (decision 050). PostgreSQL chooses by its own
   * cost comparison (decision 031).
   */
  genericPlan?: boolean;
  /**
   * The statement's best plan depends on values a generic plan cannot see (how many ads a list's filter or its
   * kommuner match): PostgreSQL plans each execution (an unnamed statement) rather than keep the generic plan its cost
   * comparison may prefer (decisions 058, 066). PGlite plans each execution unless `genericPlan` is set.
   */
  planEach?: boolean;
}

/** What repositories need: parameterised queries and multi-statement scripts. */
export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as an uncompressed tarball (test snapshots). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * LISTENs on `channel` (lower-case letters, digits, `_`) and calls `onPayload` with each notification's payload;
   * resolves, once listening, to the function that stops.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<Unlisten>;
}

export type Unlisten = () => Promise<void>;

export interface ListenOptions {
  /**
   * PostgreSQL: called each time the listening connection was lost and LISTEN runs again on a new one.
   * Notifications sent in between are lost, so the caller catches up from the tables.
   */
  onReconnect?: () => void;
  /** PostgreSQL: the listening connection failed or ended (a new one is tried with backoff). */
  onError?: (error: Error) => void;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; absent means in memory (tests). */
  dataDir?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * PGlite on a worker thread of its own, so the server's JavaScript and the database's WebAssembly run on two
   * cores (decision 061). The server's database; tests and command-line tools keep it on their own thread.
   */
  ownThread?: boolean;
}

const INT8 = 20;
const toNumber = (v: string) => Number(v);

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  if (options.ownThread) return (await import('./pglite-thread.ts')).openPgliteThread(options.dataDir);
  return openPglite(options.dataDir);
}

/** An in-memory PGlite started from a `dumpDataDir` snapshot. */
export function openPgliteFromDump(dump: Blob): Promise<Database> {
  return openPglite(undefined, { loadDataDir: dump });
}

/**
 * PGlite on the calling thread: in memory without a data folder, or from a `dumpDataDir` snapshot. `locked`: the
 * caller already holds the folder's lock (the PGlite thread's, taken for the process by the main thread).
 */
export async function openPglite(
  dataDir: string | undefined,
  { loadDataDir, locked = false }: { loadDataDir?: Blob; locked?: boolean } = {},
): Promise<Database> {
  // PGlite is one connection in one process: a second process on the folder must fail, not corrupt it.
  const release = dataDir && !locked ? lockFolder(dataDir) : () => undefined;
  const db = await PGlite.create(dataDir, {
    extensions: { pg_trgm, btree_gin },
    // Counts and ids as numbers on both engines.
    parsers: { [pgliteTypes.INT8]: toNumber },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const r = await q.query<T>(sql, params as unknown[] | undefined);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const listen = async (channel: string, onPayload: (payload: string) => void): Promise<Unlisten> => {
    const unlisten = await db.listen(checkedChannel(channel), onPayload);
    return () => unlisten();
  };
  const statements = keptStatements(db);
  return {
    engine: 'pglite',
    ...wrap(db),
    // Outside transactions statements stay prepared (decision 050); inside, PGlite's own query.
    query: statements.query,
    transaction: (fn) => statements.transaction(() => db.transaction((tx) => fn(wrap(tx)))),
    close: async () => {
      await db.close();
      release();
    },
    dumpDataDir: async () => (await db.dumpDataDir('none')) as Blob,
    listen,
  };
}

/** Distinct statement texts kept prepared per connection; node-postgres never closes one, so the rest run unnamed. */
const PREPARED_LIMIT = 256;
const RESULT_TYPE_CHANGED = '0A000';

/**
 * One name per statement text, so each pooled connection prepares it once. PostgreSQL's default plan_cache_mode
 * then switches a statement to a generic plan only when it costs no more than planning for each value
 * (decision 031).
 */
function statementName(names: Map<string, string>, sql: string): string | undefined {
  const known = names.get(sql);
  if (known !== undefined || names.size >= PREPARED_LIMIT) return known;
  const name = `bm_${names.size + 1}`;
  names.set(sql, name);
  return name;
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8 ? toNumber : pg.types.getTypeParser(oid, format),
    } as pg.CustomTypesConfig,
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const names = new Map<string, string>();
  /** A pooled connection for `fn`; a connection that broke is dropped. */
  async function onClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await fn(client);
    } catch (error) {
      // An error the server answered for the statement alone leaves the connection as good as before.
      if (!(error instanceof pg.DatabaseError && error.severity === 'ERROR')) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  }
  const onPool: Queryable = {
    query<T>(sql: string, params?: readonly unknown[], options?: QueryOptions) {
      const values = params as unknown[] | undefined;
      const name = options?.planEach ? undefined : statementName(names, sql);
      return onClient(async (client) => {
        const r = await client.query({ name, text: sql, values }).catch((error: unknown) => {
          // A table under a kept statement changed its columns: prepare it again under a new name.
          if (name === undefined || (error as { code?: unknown }).code !== RESULT_TYPE_CHANGED) throw error;
          names.set(sql, `${name}_`);
          return client.query({ name: `${name}_`, text: sql, values });
        });
        return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
      });
    },
    async exec(sql: string) {
      await onClient((client) => client.query(sql));
    },
  };
  const inTransaction = (client: pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const r = await client.query(sql, params as unknown[] | undefined);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  return {
    engine: 'postgres',
    ...onPool,
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out client has no pool listener: a lost connection (failover, terminated backend) must fail
      // this transaction, not the process; released with its error, the pool drops the client.
      let broken: unknown;
      const onError = (err: unknown) => {
        broken ??= err;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(inTransaction(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken ??= rollbackError;
        });
        throw err;
      } finally {
        client.removeListener('error', onError);
        client.release(broken as Error | undefined);
      }
    },
    close: () => pool.end(),
    listen: (channel, onPayload, options) => listenPostgres(connectionString, channel, onPayload, options),
  };
}

function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
}

const LISTEN_RETRY_MS = { first: 250, max: 30_000 };

/**
 * LISTEN on a connection of its own, outside the pool: a pooled connection goes back to others between queries.
 * A lost connection is replaced with backoff and LISTEN runs again; `onReconnect` lets the caller catch up.
 */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  options: ListenOptions = {},
): Promise<Unlisten> {
  const sql = `LISTEN ${checkedChannel(channel)}`;
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MS.first;

  const lost = (client: pg.Client, error: Error) => {
    if (client !== current || stopped) return;
    current = null;
    options.onError?.(error);
    client.end().catch(() => undefined);
    schedule();
  };
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      await client.query(sql);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
  };
  const schedule = () => {
    retry = setTimeout(() => {
      connect().then(
        () => {
          delay = LISTEN_RETRY_MS.first;
          if (!stopped) options.onReconnect?.();
        },
        (error: unknown) => {
          if (stopped) return;
          options.onError?.(error as Error);
          delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
          schedule();
        },
      );
    }, delay);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
