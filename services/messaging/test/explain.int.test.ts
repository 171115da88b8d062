// The indexes of the messaging schema, each proved by the statement that needs it: the inbox of a user with 500
// conversations, the unread count and a conversation's newest page, EXPLAINed as the repository sends them on
// tables large enough that the planner prefers indexes where they pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bilmarknaden/db/database';
import { createTestDatabase } from '@bilmarknaden/db/testing';
import { conversationsRepository } from '../src/repositories/conversations-repository.ts';
import { mailRepository } from '../src/repositories/mail-repository.ts';
import { messagingMigrations } from '../src/migrations.ts';

const CONVERSATIONS = 10_000;
let db: Database;
let dispose: () => Promise<void>;
const recorded: { sql: string; params: readonly unknown[] }[] = [];

beforeAll(async () => {
  ({ db, dispose } = await createTestDatabase([messagingMigrations]));
  // 'storsäljare' sells in 500 conversations; the rest spread over 300 sellers and 200 buyers, three messages each;
  // one conversation in fifty is unread on both sides.
  await db.exec(`
    INSERT INTO messaging.conversations (car_id, car_title, seller, buyer)
    SELECT g, 'Bil ' || g, CASE WHEN g <= 500 THEN 'storsäljare' ELSE 's' || (g % 300) END, 'b' || (g % 200)
    FROM generate_series(1, ${CONVERSATIONS}) g;
    INSERT INTO messaging.messages (conversation_id, sender, text)
    SELECT c.id, CASE WHEN k = 2 THEN c.seller ELSE c.buyer END, 'Meddelande ' || k
    FROM messaging.conversations c, generate_series(1, 3) k ORDER BY c.id, k;
    INSERT INTO messaging.participants (conversation_id, is_seller, username, last_message_id, last_incoming_id, read_up_to)
    SELECT c.id, s, CASE WHEN s THEN c.seller ELSE c.buyer END, m.last, m.last, CASE WHEN c.id % 50 = 0 THEN 0 ELSE m.last END
    FROM messaging.conversations c
    CROSS JOIN (VALUES (true), (false)) AS sides(s)
    CROSS JOIN LATERAL (SELECT max(id) AS last FROM messaging.messages WHERE conversation_id = c.id) m;
  `);
  for (const table of ['conversations', 'messages', 'participants']) await db.exec(`VACUUM ANALYZE messaging.${table}`);
}, 180_000);
afterAll(() => dispose?.());

/** The statements one repository call sends, each with its plan. */
async function plans(
  call: (repo: ReturnType<typeof conversationsRepository>, recording: Database) => Promise<unknown>,
): Promise<string[]> {
  recorded.length = 0;
  const recording: Database = {
    ...db,
    query: (sql, params) => {
      recorded.push({ sql, params: params ?? [] });
      return db.query(sql, params);
    },
  };
  await call(conversationsRepository(recording), recording);
  const out: string[] = [];
  for (const { sql, params } of [...recorded]) {
    const r = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
    out.push(r.rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  return out;
}

describe('the messaging indexes', () => {
  it("walks the inbox index for a user's newest conversations, first page and later", async () => {
    for (const before of [null, 2000]) {
      const [plan] = await plans((repo) => repo.inbox('storsäljare', before, 21));
      expect(plan).toMatch(/participants_inbox/);
      expect(plan).not.toMatch(/Seq Scan on (participants|messages)/);
    }
    const rows = await conversationsRepository(db).inbox('storsäljare', null, 21);
    expect(rows).toHaveLength(21);
  });

  it('counts unread conversations from the partial index of unread rows', async () => {
    const [plan] = await plans((repo) => repo.unreadCount('storsäljare'));
    expect(plan).toMatch(/participants_unread/);
    expect(await conversationsRepository(db).unreadCount('storsäljare')).toBe(10);
  });

  it("reads a conversation's newest messages from its index", async () => {
    const [plan] = await plans((repo) => repo.messagesBefore('storsäljare', 250, null, 101));
    expect(plan).toMatch(/messages_conversation_id/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("finds the mail sweep's due rows from the partial index of unread rows not yet mailed", async () => {
    const at = new Date();
    const [plan] = await plans((_repo, recording) => mailRepository(recording).claimDue(at, at, at, 50));
    expect(plan).toMatch(/participants_mail_due/);
    expect(plan).not.toMatch(/Seq Scan on participants/);
  });
});
