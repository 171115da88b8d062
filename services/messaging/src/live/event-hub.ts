import type { Database, Unlisten } from '@bilmarknaden/db/database';
import type { MessageEvent } from '@bilmarknaden/shared/api-types';
import { MESSAGING_CHANNEL } from '../repositories/conversations-repository.ts';
import type { Log } from '@bilmarknaden/service-kit/log';

/** The database channel messaging's transactions notify on (`pg_notify`, sent on commit). */
export { MESSAGING_CHANNEL };

/** The payloads on MESSAGING_CHANNEL. */
export type MessagingNotification =
  | { kind: 'message'; conversationId: number; messageId: number; usernames: string[] }
  | { kind: 'read'; conversationId: number; usernames: string[] };

/** What the hub reads: the messaging repository's functions (each answers as that user sees it). */
export interface LiveEventSource {
  messageEvent(messageId: number, username: string): Promise<MessageEvent | null>;
  missedMessageEvents(username: string, afterMessageId: number, limit: number): Promise<MessageEvent[]>;
  /** The highest message id stored (0 when none): where a stream opened without Last-Event-ID starts. */
  latestMessageId(): Promise<number>;
}

/** One open response, as the hub sees it. */
export interface StreamSink {
  write(chunk: string): void;
  /** Bytes written but not yet taken by the socket. */
  bufferedBytes(): number;
  /** Ends the response; the hub has already forgotten the stream. */
  end(): void;
}

export interface EventHubOptions {
  db: Database;
  source: LiveEventSource;
  log: Pick<Log, 'warn' | 'error'>;
  /** Open streams per user; a new one beyond it closes that user's oldest. */
  maxStreamsPerUser?: number;
  /** A stream whose socket holds more than this unsent is closed (its client catches up when it reconnects). */
  maxBufferedBytes?: number;
  /** The comment every stream gets so proxies and clients see it alive. */
  pingIntervalMs?: number;
}

/** Replayed on open and after a lost listener: at most this many messages (the client refetches lists anyway). */
export const REPLAY_LIMIT = 200;

export const LIVE_DEFAULTS = { maxStreamsPerUser: 10, maxBufferedBytes: 64 * 1024, pingIntervalMs: 25_000 };

interface Stream {
  readonly username: string;
  readonly sink: StreamSink;
  /** The highest message id this stream was sent (or told to start after). */
  lastEventId: number;
  /** Ids the last catch-up sent, so a notification queued behind it does not send them again. */
  replayed: Set<number> | null;
  open: boolean;
}

export interface EventHub {
  /** LISTENs on the messaging channel and starts the pings. */
  start(): Promise<void>;
  /** Ends every stream and stops listening. */
  stop(): Promise<void>;
  /**
   * Adds a stream for `username`; with `lastEventId` it is first sent the user's messages after that id. Returns
   * the function that forgets it (the response closed).
   */
  open(username: string, sink: StreamSink, lastEventId: number | null): () => void;
  /** Open streams in this process. */
  readonly size: number;
}

export const formatMessageEvent = (e: MessageEvent) =>
  `event: message\nid: ${e.message.id}\ndata: ${JSON.stringify(e)}\n\n`;
export const formatReadEvent = (conversationId: number) =>
  `event: read\ndata: ${JSON.stringify({ conversationId })}\n\n`;
export const PING = ': ping\n\n';

/**
 * One per process: username → open streams. Each database notification is turned into each local recipient's
 * event (read from the database as that user sees it) and written to their streams. Work for one user runs in
 * order, so a replay and the notifications behind it reach a stream in order, and nothing is buffered per stream
 * beyond what the socket holds.
 */
export function createEventHub(options: EventHubOptions): EventHub {
  const { db, source, log } = options;
  const maxStreams = options.maxStreamsPerUser ?? LIVE_DEFAULTS.maxStreamsPerUser;
  const maxBuffered = options.maxBufferedBytes ?? LIVE_DEFAULTS.maxBufferedBytes;
  const pingMs = options.pingIntervalMs ?? LIVE_DEFAULTS.pingIntervalMs;

  const byUser = new Map<string, Set<Stream>>();
  const queues = new Map<string, Promise<void>>();
  let count = 0;
  let highWater = 0;
  let unlisten: Unlisten | null = null;
  let ping: NodeJS.Timeout | undefined;

  const forget = (s: Stream) => {
    if (!s.open) return;
    s.open = false;
    count--;
    const set = byUser.get(s.username);
    set?.delete(s);
    if (set?.size === 0) byUser.delete(s.username);
  };
  const close = (s: Stream) => {
    if (!s.open) return;
    forget(s);
    s.sink.end();
  };
  const write = (s: Stream, chunk: string) => {
    if (!s.open) return;
    s.sink.write(chunk);
    // A client that does not read is closed rather than buffered for; it catches up when it reconnects.
    if (s.sink.bufferedBytes() > maxBuffered) close(s);
  };
  const sendMessage = (s: Stream, e: MessageEvent, text: string) => {
    write(s, text);
    if (e.message.id > s.lastEventId) s.lastEventId = e.message.id;
  };

  /** Runs `task` after the user's earlier tasks; a failure is logged and does not stop the next. */
  const enqueue = (username: string, task: () => Promise<void>) => {
    const next = (queues.get(username) ?? Promise.resolve()).then(task).catch((err: unknown) => {
      log.error({ err, username }, 'live event not delivered');
    });
    queues.set(username, next);
    void next.then(() => {
      if (queues.get(username) === next) queues.delete(username);
    });
  };

  const catchUp = (username: string, streams: readonly Stream[]) =>
    enqueue(username, async () => {
      const live = streams.filter((s) => s.open);
      if (live.length === 0) return;
      const after = Math.min(...live.map((s) => s.lastEventId));
      const events = await source.missedMessageEvents(username, after, REPLAY_LIMIT);
      for (const s of live) {
        const sent = new Set<number>();
        for (const e of events) {
          if (e.message.id <= s.lastEventId) continue;
          sendMessage(s, e, formatMessageEvent(e));
          sent.add(e.message.id);
        }
        s.replayed = sent;
      }
    });

  const onNotification = (payload: string) => {
    let n: MessagingNotification;
    try {
      n = JSON.parse(payload) as MessagingNotification;
    } catch (err) {
      log.error({ err, payload }, 'unreadable messaging notification');
      return;
    }
    if (n.kind === 'message' && n.messageId > highWater) highWater = n.messageId;
    for (const username of new Set(n.usernames)) {
      if (!byUser.has(username)) continue;
      if (n.kind === 'read') {
        const text = formatReadEvent(n.conversationId);
        enqueue(username, async () => {
          for (const s of [...(byUser.get(username) ?? [])]) write(s, text);
        });
      } else if (n.kind === 'message') {
        enqueue(username, async () => {
          if (!byUser.has(username)) return;
          const e = await source.messageEvent(n.messageId, username);
          if (!e) return;
          const text = formatMessageEvent(e);
          for (const s of [...(byUser.get(username) ?? [])]) {
            if (!s.replayed?.has(e.message.id)) sendMessage(s, e, text);
          }
        });
      }
    }
  };

  const onReconnect = () => {
    // Notifications sent while the listener was away are lost: every stream is sent what it missed.
    source.latestMessageId().then(
      (latest) => {
        if (latest > highWater) highWater = latest;
      },
      (err: unknown) => log.error({ err }, 'latest message id not read'),
    );
    for (const [username, set] of byUser) catchUp(username, [...set]);
  };

  return {
    async start() {
      highWater = await source.latestMessageId();
      unlisten = await db.listen(MESSAGING_CHANNEL, onNotification, {
        onReconnect,
        onError: (err) => log.warn({ err }, 'live events: the database listener was lost; reconnecting'),
      });
      ping = setInterval(() => {
        for (const set of byUser.values()) for (const s of [...set]) write(s, PING);
      }, pingMs);
      ping.unref();
    },
    async stop() {
      clearInterval(ping);
      for (const set of [...byUser.values()]) for (const s of [...set]) close(s);
      await unlisten?.();
      unlisten = null;
      await Promise.all([...queues.values()]);
    },
    open(username, sink, lastEventId) {
      // The oldest goes first: a user's tabs left open elsewhere, not the one opening now.
      const earlier = [...(byUser.get(username) ?? [])];
      for (const old of earlier.slice(0, Math.max(0, earlier.length - maxStreams + 1))) close(old);
      let set = byUser.get(username);
      if (!set) byUser.set(username, (set = new Set()));
      const s: Stream = { username, sink, lastEventId: lastEventId ?? highWater, replayed: null, open: true };
      set.add(s);
      count++;
      if (lastEventId !== null) catchUp(username, [s]);
      return () => forget(s);
    },
    get size() {
      return count;
    },
  };
}
