import { fileURLToPath } from 'node:url';
import type { MigrationSet } from '@bilmarknaden/db/migrations';

/** The messaging schema: plain SQL files in `services/messaging/migrations`, applied in name order. */
export const messagingMigrations: MigrationSet = {
  service: 'messaging',
  dir: fileURLToPath(new URL('../migrations/', import.meta.url)),
};
