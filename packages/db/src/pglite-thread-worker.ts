// The worker thread that holds the server's PGlite (decision 061): every call of the `Database` the main thread
// makes arrives as a message and is answered by one, on the same PGlite code the tests run on their own thread.
import { parentPort, workerData } from 'node:worker_threads';
import { openPglite, type Database, type Queryable, type Unlisten } from './database.ts';
import type { PgliteCall, PgliteReply, ThreadError } from './pglite-thread.ts';

const port = parentPort!;
const { dataDir } = workerData as { dataDir?: string };

/** An open transaction: its statements, and how the main thread ends it (settled once PGlite has done so). */
interface OpenTransaction {
  tx: Queryable;
  end: (commit: boolean) => Promise<void>;
}

/** Every own field of an error (code, constraint, detail…), which a structured clone would drop. */
function threadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** Rolls a transaction back without an error of its own: the main thread already holds the one it throws. */
class RolledBack extends Error {}

async function main(): Promise<void> {
  let db: Database;
  try {
    db = await openPglite(dataDir, { locked: true });
  } catch (error) {
    port.postMessage({ id: 0, ok: false, error: threadError(error) } satisfies PgliteReply);
    return;
  }
  const transactions = new Map<number, OpenTransaction>();
  const listeners = new Map<number, Unlisten>();
  const on = (tx: number | undefined): Queryable => {
    if (tx === undefined) return db;
    const open = transactions.get(tx);
    if (!open) throw new Error(`no open transaction ${tx}`);
    return open.tx;
  };

  const handle = async (call: PgliteCall): Promise<unknown> => {
    switch (call.op) {
      case 'query':
        return on(call.tx).query(call.sql, call.params, call.options);
      case 'exec':
        return on(call.tx).exec(call.sql);
      case 'begin':
        return new Promise<void>((started, failed) => {
          const done: Promise<void> = db
            .transaction(
              (tx) =>
                new Promise<void>((commit, rollBack) => {
                  const end = (ok: boolean) => (ok ? commit() : rollBack(new RolledBack()), done);
                  transactions.set(call.id, { tx, end });
                  started();
                }),
            )
            .catch((error: unknown) => {
              if (!(error instanceof RolledBack)) throw error;
            })
            .finally(() => transactions.delete(call.id));
          // A transaction that never began fails its begin; once begun, its end answers for it.
          done.catch(failed);
        });
      case 'end': {
        const open = transactions.get(call.tx);
        if (!open) throw new Error(`no open transaction ${call.tx}`);
        return open.end(call.commit);
      }
      case 'listen': {
        const listen = call.id;
        listeners.set(
          listen,
          await db.listen(call.channel, (payload) =>
            port.postMessage({ notify: listen, payload } satisfies PgliteReply),
          ),
        );
        return undefined;
      }
      case 'unlisten': {
        const unlisten = listeners.get(call.listen);
        listeners.delete(call.listen);
        await unlisten?.();
        return undefined;
      }
      case 'close':
        await db.close();
        return undefined;
    }
  };

  port.on('message', (call: PgliteCall) => {
    handle(call).then(
      (value) => port.postMessage({ id: call.id, ok: true, value } satisfies PgliteReply),
      (error: unknown) => port.postMessage({ id: call.id, ok: false, error: threadError(error) } satisfies PgliteReply),
    );
  });
  port.postMessage({ id: 0, ok: true, value: undefined } satisfies PgliteReply);
}

void main();
