import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Queryable } from '@bilmarknaden/db/database';
import type { MessageEvent } from '@bilmarknaden/shared/api-types';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import {
  createEventHub,
  MESSAGING_CHANNEL,
  PING,
  type EventHub,
  type LiveEventSource,
  type StreamSink,
} from './event-hub.ts';
import { onPostgresOnly } from '@bilmarknaden/db/test-engine';

// The hub on its own, over a table of its own, with the real notifications of the messaging channel.
const dir = mkdtempSync(path.join(tmpdir(), 'bm-live-'));
writeFileSync(
  path.join(dir, '001-live.sql'),
  `CREATE SCHEMA live_test;
   CREATE TABLE live_test.messages (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     conversation_id integer NOT NULL, sender text NOT NULL, recipient text NOT NULL, text text NOT NULL);`,
);
const sets = [{ service: 'live_test', dir }];

interface Row {
  id: number;
  conversation_id: number;
  sender: string;
  recipient: string;
  text: string;
}
const asEvent = (r: Row, username: string): MessageEvent => ({
  conversationId: r.conversation_id,
  message: {
    id: r.id,
    text: r.text,
    sentAt: '2026-11-26T20:00:00.000Z',
    fromMe: r.sender === username,
    warning: false,
  },
});

function tableSource(db: Queryable): LiveEventSource {
  return {
    async messageEvent(id, username) {
      const r = await db.query<Row>('SELECT * FROM live_test.messages WHERE id = $1 AND $2 IN (sender, recipient)', [
        id,
        username,
      ]);
      return r.rows[0] ? asEvent(r.rows[0], username) : null;
    },
    async missedMessageEvents(username, after, limit) {
      const r = await db.query<Row>(
        'SELECT * FROM live_test.messages WHERE $1 IN (sender, recipient) AND id > $2 ORDER BY id LIMIT $3',
        [username, after, limit],
      );
      return r.rows.map((row) => asEvent(row, username));
    },
    async latestMessageId() {
      return (await db.query<{ n: number }>('SELECT coalesce(max(id), 0) AS n FROM live_test.messages')).rows[0]!.n;
    },
  };
}

/** A response as the hub sees it: what was written, and whether it ended. */
class Sink implements StreamSink {
  chunks: string[] = [];
  ended = false;
  buffered = 0;
  write(chunk: string) {
    this.chunks.push(chunk);
  }
  bufferedBytes() {
    return this.buffered;
  }
  end() {
    this.ended = true;
  }
  messages() {
    return this.chunks
      .filter((c) => c.startsWith('event: message'))
      .map((c) => (JSON.parse(c.split('data: ')[1]!) as MessageEvent).message.text);
  }
  reads() {
    return this.chunks.filter((c) => c.startsWith('event: read'));
  }
}

describe(`event hub on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let t: TestDatabase;
  let hub: EventHub;
  const errors: unknown[] = [];
  const log = { warn: () => undefined, error: (obj: object) => errors.push(obj) };

  const send = (conversationId: number, sender: string, recipient: string, text: string) =>
    t.db.transaction(async (tx) => {
      const r = await tx.query<{ id: number }>(
        'INSERT INTO live_test.messages (conversation_id, sender, recipient, text) VALUES ($1, $2, $3, $4) RETURNING id',
        [conversationId, sender, recipient, text],
      );
      const id = r.rows[0]!.id;
      const payload = { kind: 'message', conversationId, messageId: id, usernames: [sender, recipient] };
      await tx.query('SELECT pg_notify($1, $2)', [MESSAGING_CHANNEL, JSON.stringify(payload)]);
      return id;
    });

  beforeAll(async () => {
    t = await createTestDatabase(sets);
    hub = createEventHub({ db: t.db, source: tableSource(t.db), log, pingIntervalMs: 60_000 });
    await hub.start();
  });
  afterAll(async () => {
    await hub.stop();
    await t.dispose();
  });

  it("sends a message to every open stream of both participants, and to nobody else's", async () => {
    const [buyerA, buyerB, seller, third] = [new Sink(), new Sink(), new Sink(), new Sink()];
    const closers = [
      hub.open('anna', buyerA, null),
      hub.open('anna', buyerB, null),
      hub.open('bertil', seller, null),
      hub.open('cecilia', third, null),
    ];
    await send(1, 'anna', 'bertil', 'Hej! Är bilen kvar?');
    await vi.waitFor(() => expect(seller.messages()).toEqual(['Hej! Är bilen kvar?']));
    await vi.waitFor(() => expect(buyerA.messages()).toEqual(['Hej! Är bilen kvar?']));
    await vi.waitFor(() => expect(buyerB.messages()).toEqual(['Hej! Är bilen kvar?']));
    // cecilia's own message shows that her stream works and that the first one never reached it.
    await send(2, 'cecilia', 'david', 'Finns servicebok?');
    await vi.waitFor(() => expect(third.messages()).toEqual(['Finns servicebok?']));
    expect(seller.chunks[0]).toMatch(/^event: message\nid: \d+\ndata: \{"conversationId":1,"message":\{/);
    expect(JSON.parse(seller.chunks[0]!.split('data: ')[1]!).message.fromMe).toBe(false);
    expect(JSON.parse(buyerA.chunks[0]!.split('data: ')[1]!).message.fromMe).toBe(true);
    closers.forEach((c) => c());
    expect(hub.size).toBe(0);
  });

  it("sends a read event to the reader's streams only", async () => {
    const [reader, other] = [new Sink(), new Sink()];
    const closers = [hub.open('anna', reader, null), hub.open('bertil', other, null)];
    const payload = { kind: 'read', conversationId: 7, usernames: ['anna'] };
    await t.db.query('SELECT pg_notify($1, $2)', [MESSAGING_CHANNEL, JSON.stringify(payload)]);
    await send(7, 'anna', 'bertil', 'Då ses vi');
    await vi.waitFor(() => expect(other.messages()).toEqual(['Då ses vi']));
    await vi.waitFor(() => expect(reader.reads()).toEqual(['event: read\ndata: {"conversationId":7}\n\n']));
    expect(other.reads()).toEqual([]);
    closers.forEach((c) => c());
  });

  it('replays what came after Last-Event-ID first, then goes on live without repeating one', async () => {
    const first = await send(3, 'erik', 'fia', 'ett');
    await send(3, 'fia', 'erik', 'två');
    await send(4, 'gustav', 'erik', 'tre');
    await send(5, 'fia', 'gustav', 'inte till erik');
    const sink = new Sink();
    const close = hub.open('erik', sink, first);
    await send(3, 'erik', 'fia', 'fyra');
    await vi.waitFor(() => expect(sink.messages()).toEqual(['två', 'tre', 'fyra']));
    close();
  });

  it("closes a user's oldest stream beyond ten, and a stream whose socket does not drain", async () => {
    const sinks = Array.from({ length: 11 }, () => new Sink());
    const closers = sinks.map((s) => hub.open('helga', s, null));
    expect(sinks.map((s) => s.ended)).toEqual([true, ...Array<boolean>(10).fill(false)]);
    expect(hub.size).toBe(10);

    sinks[5]!.buffered = 1024 * 1024;
    await send(8, 'ivar', 'helga', 'Hallå?');
    await vi.waitFor(() => expect(sinks[10]!.messages()).toEqual(['Hallå?']));
    await vi.waitFor(() => expect(sinks[5]!.ended).toBe(true));
    expect(hub.size).toBe(9);
    closers.forEach((c) => c());
    expect(hub.size).toBe(0);
  });

  it('pings every open stream', async () => {
    const pinging = createEventHub({ db: t.db, source: tableSource(t.db), log, pingIntervalMs: 20 });
    await pinging.start();
    const sink = new Sink();
    pinging.open('jonas', sink, null);
    await vi.waitFor(() => expect(sink.chunks.filter((c) => c === PING).length).toBeGreaterThanOrEqual(2));
    await pinging.stop();
    expect(sink.ended).toBe(true);
    expect(pinging.size).toBe(0);
  });

  onPostgresOnly('catches its streams up on what was sent while its database connection was lost', async () => {
    const sink = new Sink();
    const close = hub.open('karin', sink, null);
    const listener = (
      await t.db.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1`,
        [`LISTEN ${MESSAGING_CHANNEL}`],
      )
    ).rows[0]!.pid;
    // The listener is killed in the transaction that sends, so the notification has nobody to reach.
    await t.db.transaction(async (tx) => {
      await tx.query('SELECT pg_terminate_backend($1)', [listener]);
      const r = await tx.query<{ id: number }>(
        `INSERT INTO live_test.messages (conversation_id, sender, recipient, text)
           VALUES (9, 'lars', 'karin', 'Medan du var borta') RETURNING id`,
      );
      const payload = { kind: 'message', conversationId: 9, messageId: r.rows[0]!.id, usernames: ['lars', 'karin'] };
      await tx.query('SELECT pg_notify($1, $2)', [MESSAGING_CHANNEL, JSON.stringify(payload)]);
    });
    await vi.waitFor(() => expect(sink.messages()).toEqual(['Medan du var borta']), { timeout: 10_000 });
    await send(9, 'lars', 'karin', 'Och nu');
    await vi.waitFor(() => expect(sink.messages()).toEqual(['Medan du var borta', 'Och nu']));
    close();
  });

  it('logged no delivery errors', () => {
    expect(errors).toEqual([]);
  });
});
