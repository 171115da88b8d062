// The messaging scenarios (issue 25): the inbox of a user with 500 conversations, sending a message, and 2,000
// open live-event streams on one process while 100 messages a second are sent (memory per stream, delivery p99).
import http from 'node:http';
import type { Database } from '@bilmarknaden/db/database';
import { MESSAGING_BASE, messagingPaths } from '@bilmarknaden/shared/api-paths';
import { BENCH_PASSWORD, benchUser } from '@bilmarknaden/server/cli/bulk-seed';
import { runLoad, type LoadResult, type RotatingRequest } from './load.ts';
import type { Engine } from './options.ts';
import { CEILING_BASE } from './scenarios.ts';
import { sleep } from './server-process.ts';
import { login } from './uploads.ts';

export const MESSAGING_SCENARIOS = ['inbox', 'send message', 'live connections'] as const;

/** Whether `--only` asks for any messaging scenario (`messaging` names them all). */
export const wantsMessaging = (only: readonly string[]) =>
  only.length === 0 || only.some((n) => n === 'messaging' || (MESSAGING_SCENARIOS as readonly string[]).includes(n));

const wants = (only: readonly string[], name: string) =>
  only.length === 0 || only.includes('messaging') || only.includes(name);

/** Bench user 1's inbox holds this many conversations, one with each of bench2… about one of bench1's ads. */
export const INBOX_CONVERSATIONS = 500;
/** Users with open streams: 10 each (the per-user cap), 2,000 in all. */
export const LIVE_USERS = 200;
const STREAMS_PER_USER = 10;
const SENDS_PER_SECOND = 100;

/** Send and inbox: their p99 on PGlite (on PostgreSQL a figure); delivery: on both engines. */
export const MESSAGING_TARGETS = { sendP99Ms: 50, inboxP99Ms: 50, deliveryP99Ms: 200 } as const;

export interface LiveReport {
  streams: number;
  /** The server's resident memory before and after opening them (each after a full garbage collection), MB. */
  rssBeforeMb: number;
  rssAfterMb: number;
  /** Growth of the resident memory per stream. */
  bytesPerStream: number;
  /** Growth of the JavaScript heap and of memory outside it (buffers) per stream. */
  heapBytesPerStream: number;
  sent: number;
  sendErrors: number;
  /** The first few failed sends, as the bench saw them. */
  sendErrorSamples: string[];
  /** Each message goes to the sender's and the recipient's 10 streams. */
  expectedDeliveries: number;
  delivered: number;
  /** From the 201 to the arrival (0 when it arrived first): the live path alone. */
  afterAnswerP50: number;
  afterAnswerP99: number;
  /** Streams that ended before the run did (the server closed them). */
  endedEarly: number;
  p50: number;
  p99: number;
  max: number;
  meets: boolean;
}

export interface MessagingReport {
  /** meetsP99 null: no target on this engine. */
  inbox?: LoadResult & { meetsP99: boolean | null };
  send?: LoadResult & { meetsP99: boolean | null };
  live?: LiveReport;
}

/**
 * Adds bench users up to LIVE_USERS (the seed makes 100) with bench1's password hash, while the bench has the
 * database open; harmless when they exist.
 */
export async function addLiveUsers(db: Database): Promise<void> {
  await db.query(
    `INSERT INTO identity.users (username, firstname, lastname, email, password_hash, street, housenumber, zipcode,
       city, country_code, phone, role)
     SELECT 'bench' || n, u.firstname, u.lastname, 'bench' || n || '@bench.bilmarknaden.se', u.password_hash,
       u.street, u.housenumber, u.zipcode, u.city, u.country_code, u.phone, u.role
     FROM identity.users u, generate_series(2, $1::int) AS n
     WHERE u.username = 'bench1'
     ON CONFLICT DO NOTHING`,
    [LIVE_USERS],
  );
}

/** bench1's active ads, for the conversations of the inbox. */
export async function bench1Ads(db: Database): Promise<number[]> {
  const r = await db.query<{ id: number }>(
    `SELECT id FROM inventory.cars WHERE username = 'bench1' AND status = 'active' ORDER BY id LIMIT $1`,
    [INBOX_CONVERSATIONS],
  );
  return r.rows.map((x) => x.id);
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

async function postJson(url: string, token: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

interface Conversation {
  id: number;
  buyer: number;
}

/**
 * Through the API: bench2…bench100 each ask about some of bench1's ads (within the hourly limit of new
 * conversations), INBOX_CONVERSATIONS in all. Asking again continues the same conversation, so a reused database
 * keeps the count.
 */
async function seedConversations(baseUrl: string, tokens: Map<number, string>, ads: readonly number[]) {
  const buyers = [...tokens.keys()].filter((n) => n >= 2 && n <= 100);
  const pairs = ads.slice(0, INBOX_CONVERSATIONS).map((carId, i) => ({ carId, buyer: buyers[i % buyers.length]! }));
  return mapLimit(pairs, 4, async ({ carId, buyer }): Promise<Conversation> => {
    const r = await postJson(`${baseUrl}${MESSAGING_BASE}${messagingPaths.conversations}`, tokens.get(buyer)!, {
      carId,
      text: 'Hej! Är bilen kvar?',
    });
    if (r.status !== 201) throw new Error(`starting a conversation: ${r.status} ${await r.text()}`);
    const answer = (await r.json()) as { conversationId: number };
    return { id: answer.conversationId, buyer };
  });
}

/** The bench server's memory after a full garbage collection (bench/src/ceiling-route.ts). */
async function serverMemory(baseUrl: string): Promise<NodeJS.MemoryUsage> {
  const r = await fetch(`${baseUrl}${CEILING_BASE}/memory`);
  if (!r.ok) throw new Error(`memory: ${r.status}`);
  return (await r.json()) as NodeJS.MemoryUsage;
}

const mb = (bytes: number) => Math.round(bytes / 104_857.6) / 10;

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface OpenStream {
  close(): void;
  ended: boolean;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** One live-event stream read as the web reads it: the token in the header; `onMessage` gets each message text. */
function openStream(baseUrl: string, token: string, onMessage: (text: string) => void): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${MESSAGING_BASE}${messagingPaths.events}`,
      { agent, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`events: ${res.statusCode}`));
          return;
        }
        const stream: OpenStream = { close: () => req.destroy(), ended: false };
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, i);
            buffer = buffer.slice(i + 2);
            if (!block.startsWith('event: message')) continue;
            const data = block.slice(block.indexOf('data: ') + 6);
            onMessage((JSON.parse(data) as { message: { text: string } }).message.text);
          }
        });
        res.on('close', () => (stream.ended = true));
        resolve(stream);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function runMessagingBench(opts: {
  engine: Engine;
  baseUrl: string;
  ads: readonly number[];
  only: readonly string[];
  load: { connections: number; durationS: number; warmupS: number };
  log: (m: string) => void;
}): Promise<MessagingReport> {
  const { baseUrl, log } = opts;
  const report: MessagingReport = {};
  if (opts.ads.length < INBOX_CONVERSATIONS) throw new Error(`bench1 has ${opts.ads.length} ads; 500 are needed`);

  log(`messaging: logging in ${LIVE_USERS} bench users…`);
  const numbers = Array.from({ length: LIVE_USERS }, (_, i) => i + 1);
  const tokens = new Map<number, string>(
    await mapLimit(numbers, 4, async (n) => [n, await login(baseUrl, benchUser(n).email, BENCH_PASSWORD)] as const),
  );
  log(`messaging: ${INBOX_CONVERSATIONS} conversations in bench1's inbox…`);
  const conversations = await seedConversations(baseUrl, tokens, opts.ads);
  const url = (path: string) => `${MESSAGING_BASE}${path}`;
  const bearer = (n: number) => ({ authorization: `Bearer ${tokens.get(n)!}` });
  const meetsP99 = (p99: number, target: number) => (opts.engine === 'pglite' ? p99 <= target : null);

  if (wants(opts.only, 'inbox')) {
    const r = await runLoad(
      baseUrl,
      { name: 'inbox', path: url(messagingPaths.conversations), headers: bearer(1) },
      opts.load,
    );
    report.inbox = { ...r, meetsP99: meetsP99(r.p99, MESSAGING_TARGETS.inboxP99Ms) };
    log(`  inbox (500 conversations)  ${r.rps} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors + r.non2xx}`);
  }

  if (wants(opts.only, 'send message')) {
    // Each request is one buyer's answer in their conversation: the senders rotate, so no one passes the hourly
    // limit of messages.
    let k = 0;
    const rotate: RotatingRequest[] = conversations.map((c) => ({
      method: 'POST',
      path: url(messagingPaths.messages(c.id)),
      headers: { ...bearer(c.buyer), 'content-type': 'application/json' },
      body: JSON.stringify({ text: `Benchmeddelande ${++k}: går det att provköra i helgen?` }),
    }));
    const r = await runLoad(baseUrl, { name: 'send message', path: rotate[0]!.path, rotate }, opts.load);
    report.send = { ...r, meetsP99: meetsP99(r.p99, MESSAGING_TARGETS.sendP99Ms) };
    log(`  send message  ${r.rps} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors + r.non2xx}`);
  }

  if (wants(opts.only, 'live connections')) {
    report.live = await measureLive(opts, tokens, conversations, opts.load.durationS);
    const l = report.live;
    log(
      `  live connections  ${l.streams} streams, ${l.heapBytesPerStream} bytes of heap and buffers each, ` +
        `${l.bytesPerStream} of RSS (${l.rssBeforeMb} → ${l.rssAfterMb} MB); ` +
        `${l.sent} sent at ${SENDS_PER_SECOND}/s, ${l.delivered}/${l.expectedDeliveries} delivered, ` +
        `p50 ${l.p50} ms  p99 ${l.p99} ms  max ${l.max} ms (after the 201: p50 ${l.afterAnswerP50} ms, p99 ${l.afterAnswerP99} ms), ` +
        `${l.endedEarly} ended early, ${l.sendErrors} send errors` +
        (l.sendErrorSamples.length ? ` (${l.sendErrorSamples.join('; ')})` : ''),
    );
  }
  return report;
}

async function measureLive(
  opts: { baseUrl: string; log: (m: string) => void },
  tokens: Map<number, string>,
  conversations: readonly Conversation[],
  durationS: number,
): Promise<LiveReport> {
  const { baseUrl, log } = opts;
  // Latency from just before a message's POST to its arrival on each stream of both participants.
  // Also from the 201: the hub's own part (notification, read as each recipient, write), without the send's.
  const sentAt = new Map<string, number>();
  const answeredAt = new Map<string, number>();
  const arrivals: [string, number][] = [];
  const onMessage = (text: string) => {
    if (sentAt.has(text)) arrivals.push([text, performance.now()]);
  };

  const before = await serverMemory(baseUrl);
  log(`messaging: opening ${LIVE_USERS * STREAMS_PER_USER} live streams…`);
  const owners = Array.from({ length: LIVE_USERS * STREAMS_PER_USER }, (_, i) => (i % LIVE_USERS) + 1);
  const streams = await mapLimit(owners, 50, (n) => openStream(baseUrl, tokens.get(n)!, onMessage));
  await sleep(2000);
  const after = await serverMemory(baseUrl);
  const offHeap = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;

  log(`messaging: sending ${SENDS_PER_SECOND} messages a second for ${durationS} s…`);
  const run = Date.now().toString(36);
  let sent = 0;
  let sendErrors = 0;
  const sendErrorSamples: string[] = [];
  const failed = (why: string) => {
    sendErrors++;
    if (sendErrorSamples.length < 5) sendErrorSamples.push(why);
  };
  const posts: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < SENDS_PER_SECOND * durationS; i++) {
    // Paced against the start, so a slow answer does not lower the rate.
    const due = started + (i * 1000) / SENDS_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const c = conversations[i % conversations.length]!;
    const text = `Live ${run} ${i}`;
    sentAt.set(text, performance.now());
    posts.push(
      postJson(`${baseUrl}${MESSAGING_BASE}${messagingPaths.messages(c.id)}`, tokens.get(c.buyer)!, { text }).then(
        async (r) => {
          const body = await r.text();
          answeredAt.set(text, performance.now());
          if (r.status === 201) sent++;
          else failed(`${r.status} ${body.slice(0, 100)}`);
        },
        (err: unknown) => failed(String((err as Error).cause ?? err)),
      ),
    );
  }
  await Promise.all(posts);
  await sleep(2000);
  const endedEarly = streams.filter((s) => s.ended).length;
  streams.forEach((s) => s.close());

  const sorted = arrivals.map(([text, at]) => at - sentAt.get(text)!).sort((a, b) => a - b);
  const afterAnswer = arrivals.map(([text, at]) => Math.max(0, at - answeredAt.get(text)!)).sort((a, b) => a - b);
  const round = (x: number) => Math.round(x);
  const p99 = round(percentile(sorted, 99));
  const expectedDeliveries = sent * 2 * STREAMS_PER_USER;
  return {
    streams: streams.length,
    rssBeforeMb: mb(before.rss),
    rssAfterMb: mb(after.rss),
    bytesPerStream: Math.round((after.rss - before.rss) / streams.length),
    heapBytesPerStream: Math.round((offHeap(after) - offHeap(before)) / streams.length),
    sent,
    sendErrors,
    sendErrorSamples,
    expectedDeliveries,
    delivered: arrivals.length,
    afterAnswerP50: round(percentile(afterAnswer, 50)),
    afterAnswerP99: round(percentile(afterAnswer, 99)),
    endedEarly,
    p50: round(percentile(sorted, 50)),
    p99,
    max: round(sorted.at(-1) ?? 0),
    meets: p99 <= MESSAGING_TARGETS.deliveryP99Ms && arrivals.length === expectedDeliveries && endedEarly === 0,
  };
}
