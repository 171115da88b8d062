/** A background task run in rounds: now, on a wake-up, and every `intervalMs`, never two at once. */
export interface Rounds {
  /** Rounds now and every `intervalMs`, until close. */
  start(): void;
  /** A round soon (after a write that queued work); a round under way runs once more. */
  wake(): void;
  /** Stops the rounds and waits for one under way. */
  close(): Promise<void>;
  /** True once close was called: a long round stops early. */
  readonly closed: boolean;
}

export interface RoundsOptions {
  /** One round; a rejection is logged with `failure` and the next round runs as usual. */
  round: () => Promise<unknown>;
  intervalMs: number;
  log: { error(obj: object, msg: string): void };
  failure: string;
}

/** The loop shared by identity's mail sender and inventory's job runner (decisions 032 and 039). */
export function createRounds(opts: RoundsOptions): Rounds {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  let closed = false;

  const rounds: Rounds = {
    start() {
      if (started || closed) return;
      started = true;
      timer = setInterval(() => rounds.wake(), opts.intervalMs);
      timer.unref();
      rounds.wake();
    },
    wake() {
      if (!started || closed) return;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await opts.round();
        } while (again && !closed);
      })()
        .catch((err: unknown) => opts.log.error({ err }, opts.failure))
        .finally(() => {
          running = null;
        });
    },
    async close() {
      closed = true;
      clearInterval(timer);
      while (running) await running;
    },
    get closed() {
      return closed;
    },
  };
  return rounds;
}
