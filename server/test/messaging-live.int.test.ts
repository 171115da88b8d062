import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '@bilmarknaden/db/database';
import { createTestDatabase, type TestDatabase } from '@bilmarknaden/db/testing';
import { identityMigrations } from '@bilmarknaden/identity/migrations';
import { loadIdentityKeys } from '@bilmarknaden/identity/keys';
import { tokenService } from '@bilmarknaden/identity/services/token-service';
import { inventoryMigrations } from '@bilmarknaden/inventory/migrations';
import { DEFAULT_TOKEN_SETTINGS } from '@bilmarknaden/shared/auth/token';
import { MESSAGING_BASE, messagingPaths } from '@bilmarknaden/shared/api-paths';
import { buildApp } from '../src/app.ts';
import type { Settings } from '../src/settings.ts';
import { testSettings } from './helpers.ts';
import { createAd, registerUser, type TestUser } from './security/security-helpers.ts';
import { onPostgres, onPostgresOnly } from '@bilmarknaden/db/test-engine';

// Live events end to end (decision 035): messages sent through the API reach the participants' open streams over
// real HTTP, in the default process and across two processes on one PostgreSQL database.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Running {
  app: FastifyInstance;
  url: string;
  db: Database;
  settings: Settings;
}

/** The default process listening on a free port; with `on`, on the database and folder of an earlier one. */
async function start(on?: { db: Database; settings: Settings }): Promise<Running> {
  let db = on?.db;
  if (!db) {
    const database: TestDatabase = await createTestDatabase([identityMigrations, inventoryMigrations]);
    cleanups.push(() => database.dispose());
    db = database.db;
  }
  const settings = on?.settings ?? testSettings();
  const { app } = await buildApp(settings, { db });
  cleanups.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, db, settings };
}

interface SseEvent {
  event?: string;
  id?: string;
  data?: string;
  comment?: string;
}

interface Stream {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  messages(): { id: number; conversationId: number; text: string; fromMe: boolean }[];
  close(): void;
}

/** Reads `GET /events` as the web does: fetch streaming, the token in the header. */
async function openStream(base: string, token: string, lastEventId?: number): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${base}${MESSAGING_BASE}${messagingPaths.events}`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
    },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const read = async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
        const e: SseEvent = {};
        for (const line of buffer.slice(0, i).split('\n')) {
          if (line.startsWith(':')) e.comment = line.slice(1).trim();
          else {
            const at = line.indexOf(': ');
            e[line.slice(0, at) as 'event' | 'id' | 'data'] = line.slice(at + 2);
          }
        }
        events.push(e);
        buffer = buffer.slice(i + 2);
      }
    }
  };
  const ended = res.ok ? read().catch(() => undefined) : Promise.resolve();
  cleanups.push(async () => abort.abort());
  return {
    status: res.status,
    headers: res.headers,
    events,
    ended,
    messages: () =>
      events
        .filter((e) => e.event === 'message')
        .map((e) => {
          const d = JSON.parse(e.data!) as {
            conversationId: number;
            message: { id: number; text: string; fromMe: boolean };
          };
          expect(e.id).toBe(String(d.message.id));
          return { id: d.message.id, conversationId: d.conversationId, text: d.message.text, fromMe: d.message.fromMe };
        }),
    close: () => abort.abort(),
  };
}

const texts = (s: Stream) => s.messages().map((m) => m.text);

async function startConversation(t: Running, buyer: TestUser, carId: number, text: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${MESSAGING_BASE}${messagingPaths.conversations}`,
    headers: buyer.headers,
    payload: { carId, text },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { conversationId: number; message: { id: number } };
}

async function answer(t: Running, user: TestUser, conversationId: number, text: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${MESSAGING_BASE}${messagingPaths.messages(conversationId)}`,
    headers: user.headers,
    payload: { text },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

describe(`live events on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  // One process for the tests in it, each with users of its own.
  let t: Running;
  const shared: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    t = await start();
    shared.push(...cleanups.splice(0));
  });
  afterAll(async () => {
    for (const cleanup of shared.reverse()) await cleanup();
  });

  it("delivers a message to the recipient's stream and the sender's other tab, and not to a third user", async () => {
    const [anna, bo, cia] = [
      await registerUser(t.app, 'anna'),
      await registerUser(t.app, 'bo'),
      await registerUser(t.app, 'cia'),
    ];
    const ad = await createAd(t.app, anna);
    const [seller, buyerTab, third] = [
      await openStream(t.url, anna.token),
      await openStream(t.url, bo.token),
      await openStream(t.url, cia.token),
    ];
    expect(seller.status).toBe(200);
    expect(seller.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(seller.headers.get('cache-control')).toBe('no-cache, no-store, no-transform');
    expect(seller.headers.get('x-accel-buffering')).toBe('no');
    expect(seller.headers.get('content-encoding')).toBeNull();
    // The security headers of every answer are kept.
    expect(seller.headers.get('x-content-type-options')).toBe('nosniff');

    const started = await startConversation(t, bo, ad, 'Hej! Är bilen kvar?');
    await expect
      .poll(() => seller.messages())
      .toEqual([
        { id: started.message.id, conversationId: started.conversationId, text: 'Hej! Är bilen kvar?', fromMe: false },
      ]);
    await expect
      .poll(() => buyerTab.messages())
      .toEqual([
        { id: started.message.id, conversationId: started.conversationId, text: 'Hej! Är bilen kvar?', fromMe: true },
      ]);
    // Reading in one tab tells the reader's other tabs (the badge), not the other party.
    const read = await t.app.inject({
      method: 'PUT',
      url: `${MESSAGING_BASE}${messagingPaths.read(started.conversationId)}`,
      headers: anna.headers,
      payload: { upTo: started.message.id },
    });
    expect(read.statusCode).toBeLessThan(300);
    await expect
      .poll(() => seller.events.filter((e) => e.event === 'read'))
      .toEqual([{ event: 'read', data: JSON.stringify({ conversationId: started.conversationId }) }]);

    await answer(t, anna, started.conversationId, 'Ja, den finns kvar.');
    await expect.poll(() => texts(buyerTab)).toEqual(['Hej! Är bilen kvar?', 'Ja, den finns kvar.']);

    // Cia's own question shows her stream works; the first conversation never reached it.
    await startConversation(t, cia, ad, 'Går det att byta?');
    await expect.poll(() => texts(third)).toEqual(['Går det att byta?']);
    await expect.poll(() => texts(seller)).toEqual(['Hej! Är bilen kvar?', 'Ja, den finns kvar.', 'Går det att byta?']);
    expect(buyerTab.events.filter((e) => e.event === 'read')).toEqual([]);
  });

  it('replays the messages after Last-Event-ID first, then goes on live', async () => {
    const [anna, bo] = [await registerUser(t.app, 'dora'), await registerUser(t.app, 'erik')];
    const ad = await createAd(t.app, anna);
    const first = await startConversation(t, bo, ad, 'ett');
    await answer(t, anna, first.conversationId, 'två');
    await answer(t, bo, first.conversationId, 'tre');

    const again = await openStream(t.url, anna.token, first.message.id);
    // A notification of a message up to Last-Event-ID that reaches the hub after the stream opened is sent again
    // (a message of another conversation may commit late with a lower id, and must not be lost); clients keep one
    // per id (the web's live connection does), so only what came after Last-Event-ID is compared.
    const after = () => again.messages().filter((m) => m.id > first.message.id);
    await expect.poll(() => after().map((m) => m.text)).toEqual(['två', 'tre']);
    await answer(t, bo, first.conversationId, 'fyra');
    await expect.poll(() => after().map((m) => m.text)).toEqual(['två', 'tre', 'fyra']);
    expect(after().map((m) => m.fromMe)).toEqual([true, false, false]);
  });

  it('ends the stream when its token expires, and refuses one without a token', async () => {
    const anna = await registerUser(t.app, 'fia');
    const keys = await loadIdentityKeys({ dataDir: t.settings.dataDir, production: false });
    const shortLived = await tokenService(keys, DEFAULT_TOKEN_SETTINGS, 2, () => new Date()).issue({
      username: anna.username,
      role: 1,
      verified: false,
    });
    const stream = await openStream(t.url, shortLived);
    expect(stream.status).toBe(200);
    await stream.ended;
    expect(Date.now() / 1000).toBeGreaterThanOrEqual(JSON.parse(atob(shortLived.split('.')[1]!)).exp);

    const anonymous = await fetch(`${t.url}${MESSAGING_BASE}${messagingPaths.events}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Du måste logga in' });
  });

  onPostgresOnly('delivers across two processes on one database: sent through A, received on B', async () => {
    const a = await start();
    const name = (await a.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const dbB = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    cleanups.push(() => dbB.close());
    const b = await start({ db: dbB, settings: a.settings });

    const [anna, bo] = [await registerUser(a.app, 'anna'), await registerUser(a.app, 'bo')];
    const ad = await createAd(a.app, anna);
    const onB = await openStream(b.url, anna.token);
    const onA = await openStream(a.url, bo.token);
    await startConversation(a, bo, ad, 'Skickat genom A');
    await expect.poll(() => texts(onB)).toEqual(['Skickat genom A']);
    await expect.poll(() => texts(onA)).toEqual(['Skickat genom A']);
  });
});
