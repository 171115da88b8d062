import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
export async function createTestDatabase(
  sets: readonly MigrationSet[],
  { ownThread = false }: { ownThread?: boolean } = {},
): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl && ownThread) {
    // The server's PGlite on its own thread (decision 061), migrated there: a snapshot cannot cross threads.
    const db = await openDatabase({ ownThread: true });
    await runMigrations(db, sets);
    return { db, dispose: () => db.close() };
  }
  if (!adminUrl) {
    const db = await openPgliteFromDump(await migratedDump(sets));
    return { db, dispose: () => db.close() };
  }
  const name = `bm_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = await migratedTemplate(adminUrl, sets);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const db = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), poolSize: 4 });
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

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The installed PGlite's package.json: a data folder or snapshot another version made may not open in it. */
const pglitePackage = () => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return path.join(path.dirname(path.dirname(entry)), 'package.json');
};

/**
 * Every migration file of these sets, the database layer's included, and PGlite's version: a template (a database, a
 * folder or a snapshot kept across runs) is named by them.
 */
async function migrationsDigest(sets: readonly MigrationSet[]): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`pglite ${(JSON.parse(await readFile(pglitePackage(), 'utf8')) as { version: string }).version}\0`);
  const dirs = [fileURLToPath(new URL('../migrations/', import.meta.url)), ...sets.map((s) => s.dir)];
  for (const [i, dir] of dirs.entries()) {
    hash.update(`${i === 0 ? 'db' : sets[i - 1]!.service}\0`);
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort())
      hash.update(`${file}\0${await readFile(path.join(dir, file), 'utf8')}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

// Any constant: workers creating the same template wait for the first.
const TEMPLATE_LOCK = 727_274_002;

/** How long a kept template (a database, folder or snapshot) of other migration files stays unused before it goes. */
export const UNUSED_TEMPLATE_MS = 24 * 60 * 60 * 1000;

/**
 * PostgreSQL: a migrated template database per set of migration files, made once on the server and kept across
 * runs (its name is a digest of the files); each test file's database is a copy (CREATE DATABASE … TEMPLATE),
 * which takes a fraction of running the migrations again.
 */
const templates = new Map<string, Promise<string>>();
function migratedTemplate(adminUrl: string, sets: readonly MigrationSet[]): Promise<string> {
  const key = `${adminUrl} ${JSON.stringify(sets)}`;
  let template = templates.get(key);
  if (!template) {
    template = (async () => {
      const name = `bm_template_${await migrationsDigest(sets)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
        const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate', [name]);
        if (exists.rows.length === 0) {
          await removeUnusedTemplateDatabases(admin);
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.query(`CREATE DATABASE ${name}`);
          const db = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), poolSize: 1 });
          try {
            await runMigrations(db, sets);
          } finally {
            await db.close();
          }
          // Marked a template only once whole: a run stopped midway leaves one that is made again.
          await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
        }
        await markTemplateDatabaseUsed(admin, name);
      } finally {
        await admin.end(); // ends the session, and its advisory lock
      }
      return name;
    })();
    templates.set(key, template);
  }
  return template;
}

/** A template database's name as migratedTemplate makes it (also what makes it safe to write into a statement). */
const TEMPLATE_DATABASE = /^bm_template_[0-9a-f]{16}$/;

/** A template database's time of last use is its comment: a database has none of its own. */
async function markTemplateDatabaseUsed(admin: pg.Client, name: string, at = new Date()): Promise<void> {
  if (!TEMPLATE_DATABASE.test(name)) throw new Error(`not a template database: ${name}`);
  await admin.query(`COMMENT ON DATABASE ${name} IS '${at.toISOString()}'`);
}

/**
 * Drops the template databases (of other migration files) no run used for UNUSED_TEMPLATE_MS, as
 * removeUnusedTemplates does for PGlite's; one without a time of use (made before times were kept) starts its day
 * now. Called under TEMPLATE_LOCK; `names` narrows which (a test's own).
 */
export async function removeUnusedTemplateDatabases(
  admin: pg.Client,
  now = Date.now(),
  names: RegExp = TEMPLATE_DATABASE,
): Promise<string[]> {
  const r = await admin.query<{ name: string; used: string | null }>(
    `SELECT datname AS name, shobj_description(oid, 'pg_database') AS used FROM pg_database WHERE datistemplate`,
  );
  const removed: string[] = [];
  for (const { name, used } of r.rows) {
    if (!names.test(name) || !TEMPLATE_DATABASE.test(name)) continue;
    const at = Date.parse(used ?? '');
    if (Number.isNaN(at)) await markTemplateDatabaseUsed(admin, name, new Date(now));
    if (Number.isNaN(at) || now - at < UNUSED_TEMPLATE_MS) continue;
    try {
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE ${name}`);
      removed.push(name);
    } catch {
      // In use after all: kept as it was, for a later run to remove.
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true`).catch(() => undefined);
    }
  }
  return removed;
}

/**
 * PGlite on disk: a migrated data folder for these sets, made once in the temp folder (named by a digest of the
 * migration files) and kept across runs. Starting PGlite on an empty folder runs initdb, which takes seconds; a
 * test that starts a server process on a fresh DATA_DIR copies this folder instead.
 */
export async function migratedPgliteFolder(sets: readonly MigrationSet[]): Promise<string> {
  const folder = path.join(tmpdir(), `bm-pglite-template-${await migrationsDigest(sets)}`);
  if (await useTemplate(folder)) return folder;
  await removeUnusedTemplates(tmpdir(), 'bm-pglite-template-');
  const making = await mkdtemp(`${folder}-making-`);
  const db = await openDatabase({ dataDir: path.join(making, 'db') });
  try {
    await runMigrations(db, sets);
  } finally {
    await db.close();
  }
  // Whole or not at all: a run stopped midway leaves a folder under another name.
  await rename(path.join(making, 'db'), folder).catch((error: unknown) => {
    if (!existsSync(folder)) throw error; // another process made it meanwhile
  });
  await rm(making, { recursive: true, force: true });
  return folder;
}

/** Marks a kept template used now (its modification time), so removeUnusedTemplates leaves it; false if there is none. */
function useTemplate(file: string): Promise<boolean> {
  const now = new Date();
  return utimes(file, now, now).then(
    () => true,
    () => false,
  );
}

/**
 * Removes the kept templates in `dir` named `prefix…` that nothing used for UNUSED_TEMPLATE_MS, and the leftovers of
 * runs stopped while making one: each change of the migrations leaves one behind (decision 062). A checkout that
 * needs one removed makes it again.
 */
export async function removeUnusedTemplates(dir: string, prefix: string, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dir)) {
    if (!name.startsWith(prefix)) continue;
    const entry = path.join(dir, name);
    const changed = await stat(entry).then(
      (s) => s.mtimeMs,
      () => now,
    );
    if (now - changed < UNUSED_TEMPLATE_MS) continue;
    await rm(entry, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * PGlite in memory: a snapshot (`dumpDataDir`) of a migrated database per set of migration files, made once in the
 * temp folder (named by a digest of the files, as the folder above) and kept across runs, so the workers of a run
 * share it; each test file loads a copy instead of running initdb and the migrations. No test makes a database on
 * PGlite, so the snapshot leaves out the template databases, which would only add to every load (decision 062).
 */
const dumps = new Map<string, Promise<Blob>>();
function migratedDump(sets: readonly MigrationSet[]): Promise<Blob> {
  const key = JSON.stringify(sets);
  let dump = dumps.get(key);
  if (!dump) {
    dump = (async () => {
      const file = path.join(tmpdir(), `bm-pglite-snapshot-${await migrationsDigest(sets)}.tar`);
      if (await useTemplate(file)) return new Blob([await readFile(file)]);
      await removeUnusedTemplates(tmpdir(), 'bm-pglite-snapshot-');
      const db = await openDatabase({});
      let blob: Blob;
      try {
        await runMigrations(db, sets);
        for (const template of ['template1', 'template0']) {
          await db.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE false`);
          await db.query(`DROP DATABASE ${template}`);
        }
        blob = await db.dumpDataDir!();
      } finally {
        await db.close();
      }
      // Whole or not at all; a worker that made the same snapshot meanwhile renames an equal one over it.
      const making = `${file}.${process.pid}`;
      await writeFile(making, Buffer.from(await blob.arrayBuffer()));
      await rename(making, file);
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
