import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

export interface MigrationSet {
  /** Owner of the migrations, e.g. 'identity'; ids are `${service}/${file}`. */
  service: string;
  /** Folder of plain `NNN-name.sql` files, applied in name order. */
  dir: string;
}

// Any constant shared by every process: concurrent starts on PostgreSQL apply each file once.
const MIGRATION_LOCK = 727_274_001;

/** A database holds migrations this code no longer has: it predates a squash of the files into a baseline. */
export class UnknownMigrationsError extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `The database holds migrations this version does not have (${unknown.join(', ')}): it was made by an older ` +
        'version whose migrations were squashed into one baseline. Start from an empty database (on PGlite: ' +
        'delete or move the data folder, DATA_DIR/db).',
    );
    this.name = 'UnknownMigrationsError';
  }
}

/** The database layer's own tables (the hourly limits services share), applied before every service's. */
const databaseLayerMigrations: MigrationSet = {
  service: 'db',
  dir: fileURLToPath(new URL('../migrations/', import.meta.url)),
};

/** Applies every not yet applied migration, in order, each in its own transaction. */
export async function runMigrations(db: Database, services: readonly MigrationSet[]): Promise<string[]> {
  const sets = [databaseLayerMigrations, ...services];
  await db.exec(`CREATE TABLE IF NOT EXISTS public.schema_migrations (
    id text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  const recorded = await db.query<{ id: string }>('SELECT id FROM public.schema_migrations');
  for (const set of sets) {
    const files = (await readdir(set.dir)).filter((f) => f.endsWith('.sql')).sort();
    // Applying a baseline over the files it replaced would fail midway on its first CREATE.
    const known = new Set(files.map((f) => `${set.service}/${f}`));
    const unknown = recorded.rows.map((r) => r.id).filter((id) => id.startsWith(`${set.service}/`) && !known.has(id));
    if (unknown.length > 0) throw new UnknownMigrationsError(unknown);
    for (const file of files) {
      const id = `${set.service}/${file}`;
      const sql = await readFile(path.join(set.dir, file), 'utf8');
      const ran = await db.transaction(async (tx) => {
        if (db.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        const done = await tx.query('SELECT 1 FROM public.schema_migrations WHERE id = $1', [id]);
        if (done.rows.length > 0) return false;
        await tx.exec(sql);
        await tx.query('INSERT INTO public.schema_migrations (id) VALUES ($1)', [id]);
        return true;
      });
      if (ran) applied.push(id);
    }
  }
  return applied;
}
