import { fileURLToPath } from 'node:url';
import type { MigrationSet } from '@bilmarknaden/db/migrations';

/** The identity schema's SQL files (`identity.*`), applied by runMigrations at start-up. */
export const identityMigrations: MigrationSet = {
  service: 'identity',
  dir: fileURLToPath(new URL('../migrations', import.meta.url)),
};
