import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, FIRST_DELAY_MS, MAX_DELAY_MS, startLiveConnection } from './live-connection.ts';
import type { SseEvent } from './sse-parser.ts';
import { eventStream } from '../../../test/test-utils.tsx';

afterEach(() => vi.restoreAllMocks());

/** A test double for the network and the clock: each fetch is answered by the test; waits run when told. */
function harness(tokens: (string | null)[]) {
  const requests: { url: string; headers: Record<string, string>; signal: AbortSignal }[] = [];
  const answers: ((r: Response | Error) => void)[] = [];
  const waits: { ms: number; run: () => void; cancelled: boolean }[] = [];
  const events: SseEvent[] = [];
  const opens: boolean[] = [];
  let token = 0;
  const stop = startLiveConnection({
    url: '/api/messaging/events',
    getToken: () => tokens[Math.min(token++, tokens.length - 1)] ?? null,
    onEvent: (e) => events.push(e),
    onOpen: (again) => opens.push(again),
    random: () => 0,
    fetch: (input, init) => {
      requests.push({
        url: String(input),
        headers: init!.headers as Record<string, string>,
        signal: init!.signal!,
      });
      return new Promise<Response>((resolve, reject) =>
        answers.push((r) => (r instanceof Error ? reject(r) : resolve(r))),
      );
    },
    schedule: (run, ms) => {
      const wait = { ms, run, cancelled: false };
      waits.push(wait);
      return () => void (wait.cancelled = true);
    },
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    requests,
    events,
    opens,
    waits,
    stop,
    /** Answers the latest request. */
    answer: async (r: Response | Error) => {
      answers.at(-1)!(r);
      await settle();
    },
    /** Runs the latest wait (the reconnect). */
    elapse: async () => {
      waits.at(-1)!.run();
      await settle();
    },
    settle,
  };
}

describe('the live connection', () => {
  it('sends the token in the Authorization header, never in the URL, and passes on each event', async () => {
    const h = harness(['tok1']);
    const stream = eventStream();
    await h.answer(stream.response);
    expect(h.requests[0]!.url).toBe('/api/messaging/events');
    expect(h.requests[0]!.headers.Authorization).toBe('Bearer tok1');
    expect(h.requests[0]!.headers['Last-Event-ID']).toBeUndefined();
    stream.send('event: message\nid: 7\ndata: {"conversationId":1}\n\n: ping\n\n');
    await h.settle();
    expect(h.events).toEqual([{ event: 'message', id: '7', data: '{"conversationId":1}' }]);
    expect(h.opens).toEqual([false]);
    h.stop();
  });

  it('after the server ends the stream, connects again with a fresh token and the last event id', async () => {
    const h = harness(['old', 'fresh']);
    const stream = eventStream();
    await h.answer(stream.response);
    stream.send('event: message\nid: 12\ndata: {}\n\nevent: read\ndata: {}\n\n');
    stream.end();
    await h.settle();
    expect(h.waits).toHaveLength(1);
    expect(h.waits[0]!.ms).toBe(FIRST_DELAY_MS);
    await h.elapse();
    expect(h.requests[1]!.headers.Authorization).toBe('Bearer fresh');
    expect(h.requests[1]!.headers['Last-Event-ID']).toBe('12');
    await h.answer(eventStream().response);
    expect(h.opens).toEqual([false, true]);
    h.stop();
  });

  it('waits longer after each failed attempt, and starts over once a connection opens', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const h = harness(['tok']);
    await h.answer(new TypeError('Failed to fetch'));
    await h.elapse();
    await h.answer(new Response('', { status: 503 }));
    await h.elapse();
    await h.answer(new Response('{}', { status: 401 }));
    expect(h.waits.map((w) => w.ms)).toEqual([1_000, 2_000, 4_000]);
    await h.elapse();
    const stream = eventStream();
    await h.answer(stream.response);
    stream.end();
    await h.settle();
    expect(h.waits.at(-1)!.ms).toBe(1_000);
    // One failure in a row is logged, not every attempt.
    expect(console.error).toHaveBeenCalledTimes(1);
    h.stop();
  });

  it('stops when logged out: no token, no request', async () => {
    const h = harness(['tok', null]);
    const stream = eventStream();
    await h.answer(stream.response);
    stream.end();
    await h.settle();
    await h.elapse();
    expect(h.requests).toHaveLength(1);
    expect(h.waits).toHaveLength(1);
  });

  it('stop aborts the open request and cancels a waiting reconnect', async () => {
    const h = harness(['tok']);
    await h.answer(eventStream().response);
    h.stop();
    expect(h.requests[0]!.signal.aborted).toBe(true);
    const g = harness(['tok']);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await g.answer(new TypeError('Failed to fetch'));
    g.stop();
    expect(g.waits[0]!.cancelled).toBe(true);
  });

  it('connects at once when the browser is back online, instead of waiting', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const h = harness(['tok']);
    await h.answer(new TypeError('Failed to fetch'));
    expect(h.requests).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    await h.settle();
    expect(h.waits[0]!.cancelled).toBe(true);
    expect(h.requests).toHaveLength(2);
    // Online while connected changes nothing.
    await h.answer(eventStream().response);
    window.dispatchEvent(new Event('online'));
    await h.settle();
    expect(h.requests).toHaveLength(2);
    h.stop();
  });

  it('caps the wait and spreads it', () => {
    expect(backoffDelay(0, () => 0)).toBe(FIRST_DELAY_MS);
    expect(backoffDelay(50, () => 0)).toBe(MAX_DELAY_MS);
    expect(backoffDelay(50, () => 1)).toBe(MAX_DELAY_MS * 0.75);
  });
});
