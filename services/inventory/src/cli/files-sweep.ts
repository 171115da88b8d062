// `npm run files:sweep [-- --dry-run]`: the maintenance sweep of the photo store, for old data and disasters.
// It lists EVERY stored photo file, so it is not part of the start-up. A file is kept when its version is its
// ad's current one (photos 1…image_count; any while the ad is pending) or recorded in inventory.file_removals
// (being written, or due for removal: settled as the start-up settles them); every other file is deleted
// (decision 028). Uses DATABASE_URL (else PGlite in $DATA_DIR/db: stop the server first) and S3_* (else
// $DATA_DIR/files).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type Database } from '@bilmarknaden/db/database';
import { runMigrations } from '@bilmarknaden/db/migrations';
import { inventoryMigrations } from '../migrations.ts';
import { carPhotosRepository } from '../repositories/car-photos-repository.ts';
import { fileRemovalsRepository } from '../repositories/file-removals-repository.ts';
import { graceLimit, settleDueFileRemovals } from '../services/startup-cleanup.ts';
import { createFileStorage } from '../storage/create-storage.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { parseFileKey, type FileKeyParts } from '../storage/file-keys.ts';
import type { S3StorageOptions } from '../storage/s3-storage.ts';
import { INT_MAX } from '@bilmarknaden/shared/schemas/id-schemas';

export const USAGE = 'Usage: npm run files:sweep [-- --dry-run]   (--dry-run: count, change nothing)';

/** Ads looked up per query. */
const BATCH = 500;

export interface SweepOptions {
  /** Count only: nothing is deleted. */
  dryRun?: boolean;
  /** Records of versions being written younger than this are left. Default: 0 on PGlite, 15 minutes on PostgreSQL. */
  pendingGraceMs?: number;
  now?: () => Date;
}

export interface SweepResult {
  /** Photo files in the store. */
  listed: number;
  /** Files no row or record accounts for: deleted (counted only with dryRun). */
  strayFiles: number;
  /** Removal records settled (their files deleted). */
  fileRemovals: number;
  /** Due removal records not settled (the store refused, or another process had them). */
  fileRemovalsLeft: number;
}

/** Lists the whole store and removes what no row or record accounts for (see the top of this file). */
export async function sweepFiles(db: Database, storage: FileStorage, opts: SweepOptions = {}): Promise<SweepResult> {
  const cars = carPhotosRepository(db);
  const removals = fileRemovalsRepository(db);
  const result: SweepResult = { listed: 0, strayFiles: 0, fileRemovals: 0, fileRemovalsLeft: 0 };

  let batch: { key: string; parts: FileKeyParts }[] = [];
  const flush = async () => {
    const ids = [...new Set(batch.map((f) => f.parts.carId))].filter((id) => id <= INT_MAX);
    // Read after the listing: a version recorded or current now was so when its files were written, and a
    // version that is neither never becomes current (only a recorded one can).
    const states = await cars.photoStates(ids);
    const recorded = new Set((await removals.versionsOf(ids)).map((v) => `${v.carId}-${v.version}`));
    const stray = batch
      .filter(({ parts: { carId, version, n } }) => {
        if (recorded.has(`${carId}-${version}`)) return false;
        const ad = states.get(carId);
        return !ad || ad.imageVersion !== version || (ad.status !== 'pending' && n > ad.imageCount);
      })
      .map((f) => f.key);
    batch = [];
    if (!opts.dryRun && stray.length > 0) await storage.delete(stray);
    result.strayFiles += stray.length;
  };

  for await (const key of storage.list()) {
    const parts = parseFileKey(key);
    if (parts === null) continue;
    result.listed++;
    batch.push({ key, parts });
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();

  if (!opts.dryRun) {
    const settled = await settleDueFileRemovals(db, storage, { before: graceLimit(db, opts) });
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
        ? `Dry run (${seconds} s): ${r.listed} photo files; ${r.strayFiles} no ad accounts for. Nothing changed.`
        : `Swept ${r.listed} photo files in ${seconds} s: ${r.strayFiles} files no ad accounts for deleted; ` +
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
