import type { Log } from '@bilmarknaden/service-kit/log';
import type { JobDefinition } from '@bilmarknaden/service-kit/jobs/job-runner';

/** How often a relay looks for rows written by a process elsewhere (or left by a crash). */
export const RELAY_INTERVAL_MS = 60_000;

/** A row of an outbox that a relay carries to another service. */
export interface OutboxRow {
  id: number;
  username: string;
}

/** One service's outbox as a relay reads it: the rows still to carry, in order, and the mark of a carried one. */
export interface RelayOutbox<T extends OutboxRow = OutboxRow> {
  pending(limit: number): Promise<T[]>;
  markRelayed(id: number, at: Date): Promise<void>;
}

export interface OutboxRelayOptions<T extends OutboxRow = OutboxRow> {
  name: string;
  outbox: RelayOutbox<T>;
  /** Carries one row to the other service: idempotent, so a row carried twice (a crash before its mark) is harmless. */
  carry: (row: T) => Promise<object>;
  log: Pick<Log, 'info' | 'error'>;
  now?: () => Date;
  batchSize?: number;
  /** The log lines of a carried row and of a failed one. */
  logLines: { done: string; failed: string };
}

/**
 * The loop every relay between services shares (decisions 026, 041, 046): the writing service records the change
 * and its outbox row in one transaction; a run carries each pending row and only then marks it, so a crash in
 * between is finished by the next run. A row that fails is logged and left pending for the next run; the others
 * go on without it. The job runs when its process is ready, right after each change, and every RELAY_INTERVAL_MS.
 */
export function outboxRelayJob<T extends OutboxRow>({
  name,
  outbox,
  carry,
  log,
  now = () => new Date(),
  batchSize = 50,
  logLines,
}: OutboxRelayOptions<T>): JobDefinition {
  async function run(): Promise<void> {
    const failed = new Set<number>();
    for (;;) {
      const limit = batchSize + failed.size;
      const rows = await outbox.pending(limit);
      const todo = rows.filter((row) => !failed.has(row.id));
      for (const row of todo) {
        try {
          const carried = await carry(row);
          await outbox.markRelayed(row.id, now());
          log.info({ ...carried, job: name, row: row.id }, logLines.done);
        } catch (err) {
          failed.add(row.id);
          log.error({ err, job: name, row: row.id }, logLines.failed);
        }
      }
      if (rows.length < limit || todo.length === 0) return;
    }
  }

  return {
    name,
    intervalMs: RELAY_INTERVAL_MS,
    failure: `could not read the outbox of the ${name}; tried again in the next round`,
    run,
  };
}
