// The dealer import bench runs (issue 45): a small feed on the test database; the figures are taken on a quiet
// machine with 5,000 cars (bench/README.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import type { Database } from '@bilmarknaden/db/database';
import { formatDealerImport, runDealerImportBench } from './dealer-import.ts';

let db: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await createTestDatabase([]));
}, 60_000);
afterAll(() => dispose?.());

describe('the dealer import bench', () => {
  it('imports a generated feed, then the same feed unchanged, with the list read meanwhile', async () => {
    const report = await runDealerImportBench(db, {
      cars: 150,
      listSeconds: 0.5,
      background: 200,
      log: () => undefined,
    });
    expect(report).toMatchObject({ cars: 150, created: 150, errors: 0, againUnchanged: 150 });
    expect(report.listIdle.requests).toBeGreaterThan(0);
    expect(formatDealerImport('pglite', report)).toContain('150-car feed');
  }, 120_000);
});
