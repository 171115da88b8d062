import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '@bilmarknaden/db/database';
import { openSettingsDatabase } from './open-database.ts';
import { loadSettings } from './settings.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const defaults = { port: 3000, repoRoot: '/repo' };

describe(`openSettingsDatabase on ${pgUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  let db: Database | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await db?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    db = dataDir = undefined;
  });

  if (pgUrl) {
    it('keeps at most DATABASE_POOL_SIZE connections to PostgreSQL', async () => {
      db = await openSettingsDatabase(loadSettings({ DATABASE_URL: pgUrl, DATABASE_POOL_SIZE: '2' }, defaults));
      const open = db;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          open.query<{ pid: number }>('SELECT pg_backend_pid() AS pid FROM pg_sleep(0.05)'),
        ),
      );
      expect(new Set(answers.map((a) => a.rows[0]!.pid)).size).toBe(2);
    });
  } else {
    it('opens the embedded database in DATA_DIR/db when no DATABASE_URL is set', async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'bm-open-'));
      const settings = loadSettings({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: '2' }, defaults);
      db = await openSettingsDatabase(settings);
      expect(db.engine).toBe('pglite');
      await db.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
      await db.close();
      db = await openSettingsDatabase(settings);
      expect((await db.query<{ n: number }>('SELECT n FROM kept')).rows).toEqual([{ n: 7 }]);
    });
  }
});
