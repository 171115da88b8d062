// Once per test run, before the workers start; the workers inherit the variables (setup-env.ts).
// - The migrated PGlite folder that tests starting a server on a fresh DATA_DIR copy (helpers.ts, migratedDataDir).
// - The server bundle, as `npm start` runs it, for the tests that start the default process (server-process.ts): it
//   boots on about two thirds of the CPU of the sources through tsx, and builds in about a second.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { migratedPgliteFolder } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { messagingMigrations } from '@bilmarknaden/messaging/migrations';
import { buildServerBundles, repoRoot } from '../../scripts/esbuild-server.mjs';
import { PGLITE_TEMPLATE_ENV, SERVER_BUNDLE_ENV } from './setup-env.ts';

export default async function setup(): Promise<() => Promise<void>> {
  // Inside the repository, so the bundle's npm packages resolve from its node_modules.
  const cache = path.join(repoRoot, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  const bundle = await mkdtemp(path.join(cache, 'bm-test-server-'));
  await buildServerBundles({ entryPoints: { main: path.join(repoRoot, 'server/src/main.ts') }, outdir: bundle });
  process.env[SERVER_BUNDLE_ENV] = bundle;
  // The PostgreSQL leg starts no server on a data folder.
  if (!process.env.TEST_DATABASE_URL) {
    process.env[PGLITE_TEMPLATE_ENV] = await migratedPgliteFolder([
      identityMigrations,
      inventoryMigrations,
      messagingMigrations,
    ]);
  }
  return () => rm(bundle, { recursive: true, force: true });
}
