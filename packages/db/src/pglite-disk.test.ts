import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from './database.ts';
import { FolderInUseError } from './lock.ts';
import { runMigrations } from './migrations.ts';

const migrations = mkdtempSync(path.join(tmpdir(), 'bm-mig-'));
writeFileSync(
  path.join(migrations, '001-first.sql'),
  "CREATE SCHEMA demo; CREATE TABLE demo.items (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL); INSERT INTO demo.items (name) VALUES ('första');",
);
const sets = [{ service: 'demo', dir: migrations }];

describe.each([
  { name: 'PGlite on disk', ownThread: false },
  { name: 'PGlite on disk, on its own thread', ownThread: true },
])('$name', ({ ownThread }) => {
  it('keeps data across restarts and locks the folder while open', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'bm-db-')), 'db');
    const db = await openDatabase({ dataDir, ownThread });
    await runMigrations(db, sets);
    await db.query("INSERT INTO demo.items (name) VALUES ('sparad')");
    // Either way the lock is the process's, refused before a second PGlite opens the folder.
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(FolderInUseError);
    await expect(openDatabase({ dataDir, ownThread: true })).rejects.toThrow(/in use by another process/);
    await db.close();
    const again = await openDatabase({ dataDir, ownThread });
    const r = await again.query<{ name: string }>('SELECT name FROM demo.items ORDER BY id');
    expect(r.rows.map((x) => x.name)).toEqual(['första', 'sparad']);
    await again.close();
  });
});
