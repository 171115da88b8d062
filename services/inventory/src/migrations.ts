import { fileURLToPath } from 'node:url';
import type { MigrationSet } from '@bilmarknaden/db/migrations';

/** The inventory schema: plain SQL files in `services/inventory/migrations`, applied in name order. */
export const inventoryMigrations: MigrationSet = {
  service: 'inventory',
  dir: fileURLToPath(new URL('../migrations/', import.meta.url)),
};
