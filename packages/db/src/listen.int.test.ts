import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { onPostgres, onPostgresOnly } from './test-engine.ts';

const engines = onPostgres
  ? [{ name: 'PostgreSQL', ownThread: false }]
  : [
      { name: 'PGlite', ownThread: false },
      { name: 'PGlite on its own thread', ownThread: true },
    ];

describe.each(engines)('listen on $name', ({ ownThread }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase([], { ownThread });
  });
  afterAll(() => t.dispose());

  it('delivers what a transaction notifies once it commits, and nothing of a rolled-back one', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const stopA = await t.db.listen('listen_test_commit', (p) => a.push(p));
    const stopB = await t.db.listen('listen_test_commit', (p) => b.push(p));
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`SELECT pg_notify('listen_test_commit', 'rullas tillbaka')`);
        throw new Error('avbryt');
      }),
    ).rejects.toThrow('avbryt');
    await t.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_notify('listen_test_commit', $1)`, ['{"kind":"message"}']);
      await tx.query(`SELECT pg_notify('listen_test_other', 'annan kanal')`);
    });
    await vi.waitFor(() => expect(a).toEqual(['{"kind":"message"}']));
    await vi.waitFor(() => expect(b).toEqual(['{"kind":"message"}']));

    // After A stops, B still hears the channel and A hears nothing more.
    await stopA();
    await t.db.query(`SELECT pg_notify('listen_test_commit', 'andra')`);
    await vi.waitFor(() => expect(b).toEqual(['{"kind":"message"}', 'andra']));
    expect(a).toEqual(['{"kind":"message"}']);
    await stopB();
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(t.db.listen('x; DROP TABLE y', () => undefined)).rejects.toThrow('not a channel name');
  });

  onPostgresOnly('listens again after its connection is killed, and says so to catch up', async () => {
    const payloads: string[] = [];
    const errors: Error[] = [];
    let reconnects = 0;
    const stop = await t.db.listen('listen_test_lost', (p) => payloads.push(p), {
      onReconnect: () => reconnects++,
      onError: (e) => errors.push(e),
    });
    const listener = async () =>
      (
        await t.db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
           WHERE datname = current_database() AND query = 'LISTEN listen_test_lost' AND pid <> pg_backend_pid()`,
        )
      ).rows.map((r) => r.pid);
    const [pid] = await listener();
    expect(pid).toBeGreaterThan(0);

    // Killed from another connection, as an administrator or a failover would.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();

    await vi.waitFor(() => expect(reconnects).toBe(1), { timeout: 10_000 });
    expect(errors.length).toBeGreaterThan(0);
    const [newPid] = await listener();
    expect(newPid).not.toBe(pid);
    await t.db.query(`SELECT pg_notify('listen_test_lost', 'efter')`);
    await vi.waitFor(() => expect(payloads).toEqual(['efter']));

    await stop();
    expect(await listener()).toEqual([]);
  });
});
