// `npm run files:sweep [-- --dry-run]`: the maintenance sweep of the photo store, for old data and disasters.
// It lists EVERY stored photo file (minutes for millions of files), so it is not part of the start-up:
// - files of ads without a row are deleted;
// - files beyond the photo count of an active ad are recorded in inventory.file_removals and settled like the
//   start-up does (on PostgreSQL, entries of kept ads only once 15 minutes old: a later sweep or start does it);
// - due removal entries are settled.
// Uses DATABASE_URL (else PGlite in $DATA_DIR/db: stop the server first) and S3_* (else $DATA_DIR/files).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type Database } from '@bilmarknaden/db/database';
import { runMigrations } from '@bilmarknaden/db/migrations';
import { inventoryMigrations } from '../migrations.ts';
import { carsRepository } from '../repositories/cars-repository.ts';
import { fileRemovalsRepository } from '../repositories/file-removals-repository.ts';
import { PENDING_GRACE_MS, settleDueFileRemovals } from '../services/startup-cleanup.ts';
import { createFileStorage } from '../storage/create-storage.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { carIdOfKey } from '../storage/file-keys.ts';
import type { S3StorageOptions } from '../storage/s3-storage.ts';

export const USAGE = 'Usage: npm run files:sweep [-- --dry-run]   (--dry-run: count, change nothing)';

const INT_MAX = 2_147_483_647;
/** Ads looked up per query. */
const BATCH = 500;

export interface SweepOptions {
  /** Count only: nothing is deleted or recorded. */
  dryRun?: boolean;
  /** Entries of kept ads younger than this are left. Default: 0 on PGlite, 15 minutes on PostgreSQL. */
  pendingGraceMs?: number;
  now?: () => Date;
}

export interface SweepResult {
  /** Photo files in the store. */
  listed: number;
  /** Files of ads without a row: deleted (counted only with dryRun). */
  orphanFiles: number;
  /** Active ads with files beyond their photo count: recorded for removal (counted only with dryRun). */
  adsBeyondCount: number;
  /** Removal entries settled (their files deleted). */
  fileRemovals: number;
  /** Due removal entries not settled (the store refused, or another process had them). */
  fileRemovalsLeft: number;
}

/** The photo number n of a valid key `{carId}-{n}.jpeg` / `{carId}-{n}-card.jpeg`. */
function photoNumber(key: string): number {
  return Number(key[key.indexOf('-') + 1]);
}

/** Lists the whole store and removes what no row accounts for (see the top of this file). */
export async function sweepFiles(db: Database, storage: FileStorage, opts: SweepOptions = {}): Promise<SweepResult> {
  const cars = carsRepository(db);
  const removals = fileRemovalsRepository(db);
  const result: SweepResult = { listed: 0, orphanFiles: 0, adsBeyondCount: 0, fileRemovals: 0, fileRemovalsLeft: 0 };

  let batch = new Map<number, string[]>();
  const flush = async () => {
    const ids = [...batch.keys()];
    const states = await cars.photoStates(ids.filter((id) => id <= INT_MAX));
    const orphans: string[] = [];
    const beyond: number[] = [];
    for (const [id, keys] of batch) {
      const state = states.get(id);
      // A file is written only after its ad's row exists, and an id is never used again: no row, an orphan.
      if (!state) orphans.push(...keys);
      // A pending ad is being uploaded (or is removed with its files at the next start).
      else if (state.status === 'active' && keys.some((k) => photoNumber(k) > state.imageCount)) beyond.push(id);
    }
    batch = new Map();
    if (opts.dryRun) {
      result.orphanFiles += orphans.length;
      result.adsBeyondCount += beyond.length;
      return;
    }
    if (orphans.length > 0) await storage.delete(orphans);
    result.orphanFiles += orphans.length;
    result.adsBeyondCount += (await removals.addBeyondCount(beyond)).length;
  };

  for await (const key of storage.list()) {
    const carId = carIdOfKey(key);
    if (carId === null) continue;
    result.listed++;
    const keys = batch.get(carId);
    if (keys) keys.push(key);
    else batch.set(carId, [key]);
    if (batch.size >= BATCH) await flush();
  }
  if (batch.size > 0) await flush();

  if (!opts.dryRun) {
    const grace = opts.pendingGraceMs ?? (db.engine === 'pglite' ? 0 : PENDING_GRACE_MS);
    const before = grace > 0 ? new Date((opts.now?.() ?? new Date()).getTime() - grace) : undefined;
    const settled = await settleDueFileRemovals(db, storage, { before });
    result.fileRemovals = settled.done;
    result.fileRemovalsLeft = settled.left;
  }
  return result;
}

/** `--dry-run` or nothing; null for anything else. */
export function parseSweepArgs(args: readonly string[]): { dryRun: boolean } | null {
  if (args.length === 0) return { dryRun: false };
  if (args.length === 1 && args[0] === '--dry-run') return { dryRun: true };
  return null;
}

/** The store of the settings: S3_BUCKET (with the other S3_* settings), else the folder $DATA_DIR/files. */
export function storageFromEnv(env: NodeJS.ProcessEnv = process.env): FileStorage {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  let s3: S3StorageOptions | undefined;
  if (env.S3_BUCKET) {
    const forcePathStyle = env.S3_FORCE_PATH_STYLE?.toLowerCase();
    s3 = {
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: forcePathStyle ? ['true', '1', 'yes'].includes(forcePathStyle) : Boolean(env.S3_ENDPOINT),
      prefix: env.S3_PREFIX || undefined,
    };
  }
  return createFileStorage({ dataDir, s3 });
}

/** The database of the settings: DATABASE_URL, else the PGlite folder in DATA_DIR. */
export function openDatabaseFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  if (env.DATABASE_URL) return openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 2 });
  return openDatabase({ dataDir: path.join(env.DATA_DIR || './data', 'db') });
}

async function main(): Promise<void> {
  const args = parseSweepArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }
  let db: Database | undefined;
  const storage = storageFromEnv();
  try {
    db = await openDatabaseFromEnv();
    await runMigrations(db, [inventoryMigrations]);
    const started = Date.now();
    const r = await sweepFiles(db, storage, args);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      args.dryRun
        ? `Dry run (${seconds} s): ${r.listed} photo files; ${r.orphanFiles} without an ad; ` +
            `${r.adsBeyondCount} ads with files beyond their photo count. Nothing changed.`
        : `Swept ${r.listed} photo files in ${seconds} s: ${r.orphanFiles} files without an ad deleted; ` +
            `${r.adsBeyondCount} ads with files beyond their photo count recorded; ` +
            `${r.fileRemovals} removals settled, ${r.fileRemovalsLeft} left.`,
    );
  } catch (err) {
    console.error(`Sweep failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  } finally {
    await db?.close();
    (storage as { close?: () => void }).close?.();
  }
}

// Run only as a command, not when a test imports the function.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
