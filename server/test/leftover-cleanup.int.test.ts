import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { PENDING_GRACE_MS } from '@bilmarknaden/inventory/services/startup-cleanup';
import { fileRemovalsRepository } from '@bilmarknaden/inventory/repositories/file-removals-repository';
import { LocalFileStorage } from '@bilmarknaden/inventory/storage/local-storage';
import { fileKey } from '@bilmarknaden/inventory/storage/file-keys';
import { insertCar } from '../../services/inventory/test/inventory-helpers.ts';
import { createJob, runJobs } from '@bilmarknaden/service-kit/jobs/job-runner';
import { cleanUpAtStart } from '../src/app.ts';
import { leftoverCleanupJob } from '../src/jobs/leftover-cleanup.ts';

let database: TestDatabase;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase([inventoryMigrations]);
  dir = await mkdtemp(path.join(tmpdir(), 'bm-leftovers-'));
}, 120_000);
afterAll(async () => {
  await database.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe(`a running inventory process on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('removes what a later crash left once it is past the grace period, without a restart', async () => {
    const { db } = database;
    const storage = new LocalFileStorage(dir);
    const app = Fastify({ logger: false });
    await cleanUpAtStart(app, db, storage);
    runJobs(app, [createJob(leftoverCleanupJob(db, storage, app.log, 20), app.log)]);
    await app.ready();
    try {
      // Left after the start by a crash of another replica: a pending ad with its files, and a removed ad whose
      // files were recorded but not deleted. The younger pending ad may be an upload still running. The files
      // come before the rows that make them leftovers, as the crashed writes made them.
      const old = new Date(Date.now() - PENDING_GRACE_MS - 60_000);
      const crashed = await insertCar(db, { status: 'active', created: old });
      const running = await insertCar(db, { status: 'pending', created: new Date() });
      const removedAd = running + 1_000;
      for (const id of [crashed, running, removedAd]) {
        await storage.put(fileKey(id, 1, 1), Buffer.from('x'), 'image/jpeg');
      }
      await db.query(`UPDATE inventory.cars SET status = 'pending', created = $2 WHERE id = $1`, [crashed, old]);
      await fileRemovalsRepository(db).add([{ carId: removedAd, version: 1 }]);
      const exists = async (id: number, version: number) => {
        const file = await storage.get(fileKey(id, version, 1));
        file?.body.destroy();
        return file !== null;
      };

      await vi.waitFor(
        async () => {
          const rows = await db.query<{ id: number }>('SELECT id FROM inventory.cars ORDER BY id');
          expect(rows.rows.map((r) => r.id)).toEqual([running]);
          expect(await exists(crashed, 1)).toBe(false);
          expect(await exists(removedAd, 1)).toBe(false);
          // An entry goes in the transaction that deleted its files, committed after them.
          expect((await db.query('SELECT 1 FROM inventory.file_removals')).rows).toEqual([]);
        },
        { timeout: 20_000, interval: 50 },
      );
      expect(await exists(running, 1)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
