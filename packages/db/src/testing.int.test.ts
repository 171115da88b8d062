import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeOnPostgres } from './test-engine.ts';
import { removeUnusedTemplateDatabases, removeUnusedTemplates, UNUSED_TEMPLATE_MS } from './testing.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const now = Date.UTC(2026, 11, 6, 12);

describe('removeUnusedTemplates', () => {
  let dir: string;
  const at = async (name: string, ms: number) => {
    const when = new Date(ms);
    await utimes(path.join(dir, name), when, when);
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bm-templates-test-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('removes the templates and leftovers unused for a day, and nothing else', async () => {
    await writeFile(path.join(dir, 'bm-pglite-snapshot-old.tar'), 'x');
    await at('bm-pglite-snapshot-old.tar', now - UNUSED_TEMPLATE_MS - 1000);
    await writeFile(path.join(dir, 'bm-pglite-snapshot-used.tar'), 'x');
    await at('bm-pglite-snapshot-used.tar', now - UNUSED_TEMPLATE_MS + 60_000);
    await writeFile(path.join(dir, 'bm-pglite-snapshot-old.tar.1234'), 'x');
    await at('bm-pglite-snapshot-old.tar.1234', now - 2 * UNUSED_TEMPLATE_MS);
    await mkdir(path.join(dir, 'bm-pglite-snapshot-old-making-x', 'db'), { recursive: true });
    await at('bm-pglite-snapshot-old-making-x', now - 2 * UNUSED_TEMPLATE_MS);
    await writeFile(path.join(dir, 'someone-elses.tar'), 'x');
    await at('someone-elses.tar', now - 10 * UNUSED_TEMPLATE_MS);

    const removed = await removeUnusedTemplates(dir, 'bm-pglite-snapshot-', now);

    expect(removed.sort()).toEqual([
      'bm-pglite-snapshot-old-making-x',
      'bm-pglite-snapshot-old.tar',
      'bm-pglite-snapshot-old.tar.1234',
    ]);
    expect(existsSync(path.join(dir, 'bm-pglite-snapshot-old-making-x'))).toBe(false);
    expect(existsSync(path.join(dir, 'bm-pglite-snapshot-used.tar'))).toBe(true);
    expect(existsSync(path.join(dir, 'someone-elses.tar'))).toBe(true);
  });
});

describeOnPostgres('removeUnusedTemplateDatabases', () => {
  // Names of the templates' form that no digest of real migrations is likely to take.
  const names = {
    old: 'bm_template_00000000000000a1',
    used: 'bm_template_00000000000000a2',
    unmarked: 'bm_template_00000000000000a3',
  };
  // Only these: the server's real templates are in use by the other test files.
  const ours = /^bm_template_00000000000000a\d$/;
  let admin: pg.Client;

  const make = async (name: string, comment: string | null) => {
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    if (comment !== null) await admin.query(`COMMENT ON DATABASE ${name} IS '${comment}'`);
  };
  const drop = async () => {
    for (const name of Object.values(names)) {
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    }
  };
  const exists = async (name: string) =>
    (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rows.length > 0;

  beforeEach(async () => {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await drop();
  });
  afterEach(async () => {
    await drop();
    await admin.end();
  });

  it('drops those unused for a day; one without a time of use starts its day', async () => {
    await make(names.old, new Date(now - UNUSED_TEMPLATE_MS - 1000).toISOString());
    await make(names.used, new Date(now - UNUSED_TEMPLATE_MS + 60_000).toISOString());
    await make(names.unmarked, null);

    const removed = await removeUnusedTemplateDatabases(admin, now, ours);

    expect(removed).toContain(names.old);
    expect(removed).not.toContain(names.used);
    expect(await exists(names.old)).toBe(false);
    expect(await exists(names.used)).toBe(true);
    expect(await exists(names.unmarked)).toBe(true);
    const comment = await admin.query<{ used: string }>(
      `SELECT shobj_description(oid, 'pg_database') AS used FROM pg_database WHERE datname = $1`,
      [names.unmarked],
    );
    expect(comment.rows[0]!.used).toBe(new Date(now).toISOString());
    // A day after it was first seen, it goes too.
    expect(await removeUnusedTemplateDatabases(admin, now + UNUSED_TEMPLATE_MS + 1000, ours)).toEqual(
      expect.arrayContaining([names.unmarked, names.used]),
    );
  });
});
