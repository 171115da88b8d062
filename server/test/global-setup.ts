// Once per test run, before the workers start: the migrated PGlite folder that tests starting a server on a fresh
// DATA_DIR copy (helpers.ts, migratedDataDir). The workers inherit the variable.
import { migratedPgliteFolder } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { messagingMigrations } from '@bilmarknaden/messaging/migrations';
import { PGLITE_TEMPLATE_ENV } from './pglite-template.ts';

export default async function setup(): Promise<void> {
  // The PostgreSQL leg starts no server on a data folder.
  if (process.env.TEST_DATABASE_URL) return;
  process.env[PGLITE_TEMPLATE_ENV] = await migratedPgliteFolder([
    identityMigrations,
    inventoryMigrations,
    messagingMigrations,
  ]);
}
