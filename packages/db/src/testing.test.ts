import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeUnusedTemplates, UNUSED_TEMPLATE_MS } from './testing.ts';

describe('removeUnusedTemplates', () => {
  let dir: string;
  const now = Date.UTC(2026, 11, 6, 12);
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
