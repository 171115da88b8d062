// `npm run seed -- --ads N [--users U]`: fills the configured database (PGlite in $DATA_DIR/db, or
// DATABASE_URL) with N synthetic active ads for benchmarks. The server must not run on the same DATA_DIR.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openSettingsDatabase } from '../open-database.ts';
import { MAX_SAVED } from '@bilmarknaden/shared/constants';
import { runMigrations } from '@bilmarknaden/db/migrations';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { createFileStorage } from '@bilmarknaden/inventory/storage/create-storage';
import { loadSettings } from '../settings.ts';
import { exitOnBootError } from '../lifecycle.ts';
import { wholeNumberArg } from './whole-number-arg.ts';
import { BENCH_PASSWORD, bulkSeed, type BulkSeedOptions, type PhotoMode } from './bulk-seed.ts';

export const SEED_USAGE = `Usage: npm run seed -- --ads N [--users U] [--saved S] [--photos link|copy|none] [--seed n]
  --ads N       ads to add (required), written directly as visible ('active')
  --users U     bench users bench1…benchU (password ${BENCH_PASSWORD}), sellers of the ads; default 100
  --saved S     saved ads per bench user (at most ${MAX_SAVED}); default 30
  --photos      link (default, local folder: hard links to a shared pool), copy (through the store, e.g. S3),
                or none (ads without photos)
  --seed n      random seed (same seed, same ads)`;

export type SeedArgs = Omit<BulkSeedOptions, 'storage' | 'onProgress'>;

/** Parses the command line; throws an Error whose message is the problem and the usage. */
export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  const out: SeedArgs = { ads: -1 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    switch (flag) {
      case '--ads':
        out.ads = wholeNumberArg(flag, value, 0);
        break;
      case '--users':
        out.users = wholeNumberArg(flag, value, 1);
        break;
      case '--saved':
        out.savedPerUser = wholeNumberArg(flag, value, 0);
        if (out.savedPerUser > MAX_SAVED) throw new Error(`--saved is at most ${MAX_SAVED} (the saved-ads limit)`);
        break;
      case '--seed':
        out.seed = wholeNumberArg(flag, value, 0);
        break;
      case '--batch':
        out.batchSize = wholeNumberArg(flag, value, 1);
        break;
      case '--photos':
        if (value !== 'link' && value !== 'copy' && value !== 'none') throw new Error('--photos is link, copy or none');
        out.photos = value as PhotoMode;
        break;
      default:
        throw new Error(`Unknown option ${flag}`);
    }
    i++;
  }
  if (out.ads < 0) throw new Error('--ads is required');
  return out;
}

async function main(): Promise<void> {
  let args: SeedArgs;
  try {
    args = parseSeedArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${SEED_USAGE}`);
    process.exit(2);
  }
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  try {
    const settings = loadSettings(process.env, { port: 3000, repoRoot });
    const db = await openSettingsDatabase(settings);
    try {
      await runMigrations(db, [identityMigrations, inventoryMigrations]);
      const storage = createFileStorage({ dataDir: settings.dataDir, s3: settings.s3 });
      const photos: PhotoMode = args.photos ?? (settings.s3 ? 'copy' : 'link');
      console.log(
        `Seeding ${args.ads.toLocaleString('en')} ads into ${db.engine === 'postgres' ? 'PostgreSQL' : `PGlite (${settings.dataDir}/db)`}, photos: ${photos}`,
      );
      const result = await bulkSeed(db, { ...args, photos, storage, onProgress: (m) => console.log(`  ${m}`) });
      console.log(
        `Done in ${(result.ms / 1000).toFixed(1)} s: ${result.ads} ads (ids ${result.firstId}–${result.lastId}), ` +
          `${result.users} users (bench1…bench${result.users}, password ${BENCH_PASSWORD}), ${result.saved} saved, ` +
          `${result.photoFiles} photo files`,
      );
    } finally {
      await db.close();
    }
  } catch (error) {
    exitOnBootError(error);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
