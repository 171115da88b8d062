import { openDatabase, type Database } from '@bilmarknaden/db/database';
import type { Settings } from './settings.ts';

/**
 * The database the settings name: PostgreSQL at DATABASE_URL with its pool size, else PGlite in DATA_DIR/db on a
 * thread of its own (decision 061).
 */
export function openSettingsDatabase(
  settings: Pick<Settings, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>,
): Promise<Database> {
  return openDatabase({
    databaseUrl: settings.databaseUrl,
    poolSize: settings.databasePoolSize,
    dataDir: `${settings.dataDir}/db`,
    ownThread: true,
  });
}
