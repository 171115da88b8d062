/**
 * Work an answer does not wait for (the password-reset mail). Each task starts after the current turn of the event
 * loop, so the answer is written first; its failure must be handled by the task itself (a rejection is swallowed
 * here). `idle` waits for every task, also those started meanwhile: the identity app's close waits for it, so a
 * stopping server finishes its mails, and tests await it.
 */
export interface BackgroundTasks {
  run(task: () => Promise<void>): void;
  idle(): Promise<void>;
}

export function createBackgroundTasks(): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch(() => undefined)
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
