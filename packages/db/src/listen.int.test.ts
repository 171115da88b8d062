import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from './testing.ts';

// Registered only in the PostgreSQL leg of `npm test` (PGlite is one connection in one process): a test that
// cannot apply to the engine is not reported as skipped there.
const onPostgresOnly = (process.env.TEST_DATABASE_URL ? it : () => undefined) as typeof it;

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe(`listen on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase([]);
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

describe(`subscribe on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase([]);
  });
  afterAll(() => t.dispose());

  it("hears the Database's own notification before the statement or transaction that sent it resolves", async () => {
    const heard: string[] = [];
    const stop = await t.db.subscribe('subscribe_test_own', (p) => heard.push(p));
    // Sent at once, so the pool opens more connections: each must listen before its first statement.
    await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (i) => {
        await t.db.query(`SELECT pg_notify('subscribe_test_own', $1), pg_sleep(0.05)`, [`sats ${i}`]);
        expect(heard).toContain(`sats ${i}`);
      }),
    );
    // Heard once: the other connections' copies of the pool's own notifications are not delivered.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.toSorted()).toEqual(['sats 0', 'sats 1', 'sats 2', 'sats 3', 'sats 4', 'sats 5']);
    await t.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_notify('subscribe_test_own', 'transaktion')`);
      expect(heard).not.toContain('transaktion');
    });
    expect(heard).toContain('transaktion');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`SELECT pg_notify('subscribe_test_own', 'rullas tillbaka')`);
        throw new Error('avbryt');
      }),
    ).rejects.toThrow('avbryt');
    expect(heard).not.toContain('rullas tillbaka');

    await stop();
    const before = heard.length;
    await t.db.query(`SELECT pg_notify('subscribe_test_own', 'efter')`);
    expect(heard.length).toBe(before);
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(t.db.subscribe('x; DROP TABLE y', () => undefined)).rejects.toThrow('not a channel name');
  });

  onPostgresOnly("hears another process's notification, and says when it may have missed some", async () => {
    const heard: string[] = [];
    let gaps = 0;
    await t.db.subscribe('subscribe_test_other', (p) => heard.push(p), { onGap: () => gaps++ });
    await t.db.query('SELECT 1');
    const database = (await t.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    await other.query(`SELECT pg_notify('subscribe_test_other', 'från en annan process')`);
    await vi.waitFor(() => expect(heard).toContain('från en annan process'));
    const gapsBefore = gaps;

    // Every connection of the Database lost: what is sent then is heard by nobody, and the next statement says so.
    await other.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    await other.query(`SELECT pg_notify('subscribe_test_other', 'ohörd')`);
    await vi.waitFor(async () => {
      // A pooled connection that died is dropped when it fails.
      await t.db.query('SELECT 1');
    });
    expect(gaps).toBe(gapsBefore + 1);
    expect(heard).not.toContain('ohörd');
    await other.query(`SELECT pg_notify('subscribe_test_other', 'igen')`);
    await vi.waitFor(() => expect(heard).toContain('igen'));
    await other.end();
  });
});
