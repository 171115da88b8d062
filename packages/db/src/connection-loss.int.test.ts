import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { MigrationSet } from './migrations.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'bm-mig-'));
writeFileSync(
  path.join(dir, '001-first.sql'),
  'CREATE SCHEMA demo; CREATE TABLE demo.items (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL);',
);
const sets: MigrationSet[] = [{ service: 'demo', dir }];
const pgUrl = process.env.TEST_DATABASE_URL;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(sets);
});
afterAll(() => t.dispose());

/** Both engines: whatever a transaction's failure, the same database serves reads, writes and transactions. */
async function expectServing(expectedItems: string[]) {
  const all = await Promise.all(Array.from({ length: 8 }, () => t.db.query<{ n: number }>('SELECT 1 AS n')));
  expect(all.map((r) => r.rows[0]!.n)).toEqual(Array(8).fill(1));
  await t.db.query("INSERT INTO demo.items (name) VALUES ('efter')");
  await t.db.transaction((tx) => tx.query("INSERT INTO demo.items (name) VALUES ('efter i transaktion')"));
  const items = await t.db.query<{ name: string }>('DELETE FROM demo.items RETURNING name');
  expect(items.rows.map((r) => r.name).sort()).toEqual([...expectedItems, 'efter', 'efter i transaktion'].sort());
}

if (pgUrl) {
  describe('a lost PostgreSQL connection', () => {
    // An 'error' event without a listener ends the process; here it would reach this handler instead.
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    let admin: pg.Client;
    let database: string;
    beforeAll(async () => {
      admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      database = (await t.db.query<{ d: string }>('SELECT current_database() AS d')).rows[0]!.d;
    });
    afterAll(() => admin.end());
    beforeEach(() => {
      uncaught.length = 0;
      process.on('uncaughtException', onUncaught);
    });
    afterEach(() => {
      process.off('uncaughtException', onUncaught);
    });

    /** The app's backends in a state (e.g. running a statement), once there are `count` of them. */
    async function backendsWhen(condition: string, count = 1): Promise<number[]> {
      for (;;) {
        const r = await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND ${condition}`,
          [database],
        );
        if (r.rows.length >= count) return r.rows.map((x) => x.pid);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    /** What a database restart or failover does to the app's connections; resolves once they are gone. */
    async function terminate(pids: number[]) {
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
      for (;;) {
        const r = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1::int[])', [pids]);
        if (r.rows.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The clients' sockets see the end after the backends leave the activity view.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    it('fails the reads and writes in flight, and the process serves the next ones', async () => {
      const read = t.db.query('SELECT pg_sleep(30)');
      const write = t.db.query("INSERT INTO demo.items (name) SELECT 'under avbrottet' FROM pg_sleep(30)");
      const outcomes = Promise.allSettled([read, write]);
      await terminate(await backendsWhen(`query LIKE '%pg_sleep(30)%' AND state = 'active'`, 2));
      expect((await outcomes).map((o) => o.status)).toEqual(['rejected', 'rejected']);
      expect(uncaught).toEqual([]);
      await expectServing([]);
    });

    it('fails a transaction whose statement is running, and the process serves the next ones', async () => {
      const tx = t.db.transaction(async (q) => {
        await q.query("INSERT INTO demo.items (name) VALUES ('i transaktionen')");
        await q.query('SELECT pg_sleep(30)');
      });
      const outcome = tx.then(
        () => 'committed',
        () => 'failed',
      );
      await terminate(await backendsWhen(`query LIKE '%pg_sleep(30)%' AND state = 'active'`));
      expect(await outcome).toBe('failed');
      expect(uncaught).toEqual([]);
      await expectServing([]);
    });

    it('fails a transaction whose connection is lost between statements, and the process serves the next ones', async () => {
      let resume!: () => void;
      const paused = new Promise<void>((resolve) => (resume = resolve));
      const tx = t.db.transaction(async (q) => {
        await q.query("INSERT INTO demo.items (name) VALUES ('i transaktionen')");
        await paused;
        await q.query('SELECT 1');
      });
      const outcome = tx.then(
        () => 'committed',
        () => 'failed',
      );
      await terminate(await backendsWhen(`state = 'idle in transaction'`));
      resume();
      expect(await outcome).toBe('failed');
      expect(uncaught).toEqual([]);
      await expectServing([]);
    });

    it('survives every connection of the pool lost while idle', async () => {
      await Promise.all(Array.from({ length: 4 }, () => t.db.query('SELECT pg_sleep(0.05)')));
      await terminate(await backendsWhen('true'));
      expect(uncaught).toEqual([]);
      await expectServing([]);
    });
  });
} else {
  describe('a failed transaction on PGlite', () => {
    it('rolls back, and the database serves the next reads, writes and transactions', async () => {
      await expect(
        t.db.transaction(async (q) => {
          await q.query("INSERT INTO demo.items (name) VALUES ('i transaktionen')");
          await q.query('SELECT 1 / 0');
        }),
      ).rejects.toThrow(/division by zero/);
      await expectServing([]);
    });
  });
}
