import { createSseParser, type SseEvent } from './sse-parser.ts';

export interface LiveConnectionOptions {
  url: string;
  /** Read at every (re)connect: the session store's current token, refreshed meanwhile; null stops. */
  getToken: () => string | null;
  onEvent: (event: SseEvent) => void;
  /** The stream is open; `again` after a drop (what was missed may need reading again). */
  onOpen?: (again: boolean) => void;
  fetch?: typeof fetch;
  /** Runs `run` after `ms`; answers a cancel. */
  schedule?: (run: () => void, ms: number) => () => void;
  /** 0…1, spreads reconnects of many tabs after a server restart. */
  random?: () => number;
}

/** The first wait after a drop; doubled per failed attempt up to MAX_DELAY_MS. */
export const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 30_000;

/** The wait before attempt `n` (0 = the first after a drop): doubling, capped, less up to a quarter at random. */
export function backoffDelay(n: number, random: () => number = Math.random): number {
  const full = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(n, 16));
  return Math.round(full * (1 - random() * 0.25));
}

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/**
 * Reads the server-sent events with fetch streaming (the token in the Authorization header, never in a URL) and
 * keeps reading: after a drop, a refusal or the server's end of the stream (the token expired) it connects
 * again with the session's current token and `Last-Event-ID`, waiting longer after each failed attempt.
 * Answers `stop`, which also aborts the open request.
 */
export function startLiveConnection(options: LiveConnectionOptions): () => void {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const schedule = options.schedule ?? defaultSchedule;
  const random = options.random ?? Math.random;
  let stopped = false;
  let controller: AbortController | null = null;
  let cancelWait: (() => void) | null = null;
  let lastEventId: string | undefined;
  let failures = 0;
  let opened = false;

  async function connect(): Promise<void> {
    cancelWait = null;
    const token = options.getToken();
    if (stopped || !token) return;
    controller = new AbortController();
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
    if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
    try {
      const res = await doFetch(options.url, { headers, signal: controller.signal, cache: 'no-store' });
      if (!res.ok || !res.body) throw new Error(`Händelseströmmen svarade ${res.status}`);
      failures = 0;
      options.onOpen?.(opened);
      opened = true;
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const parser = createSseParser();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const event of parser.push(decoder.decode(value, { stream: true }))) {
          if (event.id !== undefined) lastEventId = event.id;
          options.onEvent(event);
        }
      }
    } catch (error) {
      if (stopped) return;
      failures += 1;
      if (failures === 1) console.error('Livehändelser avbröts', error);
    }
    if (stopped) return;
    // A clean end (the token expired) waits the first step only: the refreshed token is already stored.
    cancelWait = schedule(() => void connect(), backoffDelay(Math.max(0, failures - 1), random));
  }

  // Back online: no need to sit out the rest of a long wait.
  const reconnectNow = () => {
    if (!cancelWait) return;
    cancelWait();
    void connect();
  };
  window.addEventListener('online', reconnectNow);

  void connect();
  return () => {
    stopped = true;
    window.removeEventListener('online', reconnectNow);
    cancelWait?.();
    controller?.abort();
  };
}
