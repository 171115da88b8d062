/** Runs at most `max` tasks at once; the rest wait in arrival order. */
export class ConcurrencyLimiter {
  #max: number;
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(max: number) {
    this.#max = checkMax(max);
  }

  get max(): number {
    return this.#max;
  }

  /** Changes the limit; a higher limit starts waiting tasks at once. */
  set max(value: number) {
    this.#max = checkMax(value);
    this.#drain();
  }

  get active(): number {
    return this.#active;
  }

  get pending(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active < this.#max) this.#active++;
    // #drain reserves the slot before waking a waiter, so a newcomer never jumps the queue.
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      this.#active--;
      this.#drain();
    }
  }

  #drain(): void {
    while (this.#active < this.#max && this.#waiting.length > 0) {
      this.#active++;
      this.#waiting.shift()!();
    }
  }
}

function checkMax(max: number): number {
  if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be a positive integer');
  return max;
}
