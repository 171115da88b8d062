import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, openPgliteFromDump, type Database } from './database.ts';
import { runMigrations, type MigrationSet } from './migrations.ts';

export interface TestDatabase {
  db: Database;
  /** Closes the connection and drops the PostgreSQL database. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the server of TEST_DATABASE_URL (the PostgreSQL leg of `npm test`).
 */
export async function createTestDatabase(sets: readonly MigrationSet[]): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const db = await openPgliteFromDump(await migratedDump(sets));
    return { db, dispose: () => db.close() };
  }
  const name = `bm_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await runMigrations(db, sets);
  return {
    db,
    async dispose() {
      await db.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

// A migrated PGlite folder per worker and set of migrations: a copy loads in ~0.3 s instead of ~1.5 s.
const dumps = new Map<string, Promise<Blob>>();
function migratedDump(sets: readonly MigrationSet[]): Promise<Blob> {
  const key = JSON.stringify(sets);
  let dump = dumps.get(key);
  if (!dump) {
    dump = (async () => {
      const db = await openDatabase({});
      await runMigrations(db, sets);
      const blob = await db.dumpDataDir!();
      await db.close();
      return blob;
    })();
    dumps.set(key, dump);
  }
  return dump;
}

/**
 * The statement a PL/pgSQL function returns (`RETURN QUERY …;`), its parameters as `$1::type`, `$2::type`, … in
 * the function's order, for EXPLAIN: the explain tests prove the indexes of what the function runs (decision 048).
 */
export async function functionStatement(db: Database, qualifiedName: string): Promise<string> {
  const r = await db.query<{ src: string; names: string[]; types: string[] }>(
    `SELECT prosrc AS src, proargnames[1:pronargs] AS names, proargtypes::regtype[]::text[] AS types
       FROM pg_proc WHERE oid = $1::regproc`,
    [qualifiedName],
  );
  const { src, names, types } = r.rows[0]!;
  const body = /RETURN QUERY([\s\S]*?);\s*END/.exec(src)![1]!;
  return names.reduce(
    (sql, param, i) => sql.replace(new RegExp(`\\b${param}\\b`, 'g'), `$${i + 1}::${types[i]}`),
    body,
  );
}
