import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { lockFolder } from './lock.ts';
import {
  CUSTOM_PLANS_IN_TRANSACTION,
  CUSTOM_PLANS_ONLY,
  GENERIC_PLANS,
  isResultTypeChanged,
  pglitePreparedQuery,
  postgresStatementNames,
  withCustomPlansOnly,
} from './prepared-statements.ts';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Plan the statement once per connection and reuse that plan (decision 025). Only for a statement whose best
   * plan is the same for all its values (a lookup by key, a list walked in its sort index); every other statement
   * is planned for its own values (decision 010). Ignored inside transactions.
   */
  genericPlan?: boolean;
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
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; absent means in memory (tests). */
  dataDir?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

const INT8 = 20;
const toNumber = (v: string) => Number(v);

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir);
}

/** An in-memory PGlite started from a `dumpDataDir` snapshot. */
export function openPgliteFromDump(dump: Blob): Promise<Database> {
  return openPglite(undefined, dump);
}

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  // PGlite is one connection in one process: a second process on the folder must fail, not corrupt it.
  const release = dataDir ? lockFolder(dataDir) : () => undefined;
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
  await db.exec(CUSTOM_PLANS_ONLY);
  const prepared = pglitePreparedQuery(db);
  return {
    engine: 'pglite',
    ...wrap(db),
    // Outside transactions every statement is kept prepared (decision 010); inside, PGlite's own query.
    query: prepared.query,
    transaction: (fn) =>
      db.transaction(async (tx) => {
        // Nothing runs between statements of a transaction on PGlite, so the mode read here holds until its end.
        if (prepared.inGenericMode()) await tx.exec(CUSTOM_PLANS_IN_TRANSACTION);
        return fn(wrap(tx));
      }),
    close: async () => {
      await db.close();
      release();
    },
    dumpDataDir: async () => (await db.dumpDataDir('none')) as Blob,
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({
    // Prepared statements are planned for their own values (decision 010).
    connectionString: withCustomPlansOnly(connectionString),
    max,
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8 ? toNumber : pg.types.getTypeParser(oid, format),
    } as pg.CustomTypesConfig,
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const statements = postgresStatementNames();
  // Connections whose session is in generic mode (decision 025); a new connection starts with custom plans.
  const genericMode = new WeakSet<pg.PoolClient>();

  /** Outside transactions each connection prepares a statement once and then only binds it. */
  async function prepared(client: pg.PoolClient, sql: string, values: unknown[] | undefined) {
    const name = statements.name(sql);
    return client.query({ name, text: sql, values }).catch((error: unknown) => {
      if (name === undefined || !isResultTypeChanged(error)) throw error;
      statements.forget(sql);
      return client.query({ name: statements.name(sql), text: sql, values });
    });
  }

  const onPool: Queryable = {
    async query<T>(sql: string, params?: readonly unknown[], options: QueryOptions = {}) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const generic = options.genericPlan === true;
        if (generic !== genericMode.has(client)) {
          await client.query(generic ? GENERIC_PLANS : CUSTOM_PLANS_ONLY);
          if (generic) genericMode.add(client);
          else genericMode.delete(client);
        }
        const r = await prepared(client, sql, params as unknown[] | undefined);
        return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
      } catch (error) {
        // As pool.query does: a connection that failed for another reason than the statement is not reused.
        if (!(error instanceof pg.DatabaseError)) broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
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
      try {
        await client.query('BEGIN');
        if (genericMode.has(client)) await client.query(CUSTOM_PLANS_IN_TRANSACTION);
        const result = await fn(inTransaction(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
