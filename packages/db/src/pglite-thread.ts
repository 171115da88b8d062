import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { scriptNextToBundle } from './bundled-script.ts';
import type { Database, QueryOptions, QueryResult, Queryable, Unlisten } from './database.ts';
import { lockFolder } from './lock.ts';

/** A call of the main thread to the PGlite thread; `tx` names an open transaction. */
export type PgliteCall =
  | { id: number; op: 'query'; sql: string; params?: readonly unknown[]; options?: QueryOptions; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listen: number }
  | { id: number; op: 'close' };

/** A call as the proxy makes it: the id is given only where it also names a transaction or a listener. */
type Call = PgliteCall extends infer C ? (C extends PgliteCall ? Omit<C, 'id'> & { id?: number } : never) : never;

/** An error of the PGlite thread with its own fields (code, constraint…), as a structured clone cannot keep them. */
export interface ThreadError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

/** The answer to a call (id 0: the database is open), or a notification for a listener. */
export type PgliteReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ThreadError }
  | { notify: number; payload: string };

/** From the bundle, pglite-thread-worker.js next to it (the build emits it); from source, through tsx. */
const workerScript = () =>
  scriptNextToBundle('pglite-thread-worker.js', 'PGlite worker') ??
  fileURLToPath(new URL('./pglite-thread-source.mjs', import.meta.url));

function rebuilt(e: ThreadError): Error {
  const error = Object.assign(new Error(e.message), e.fields);
  error.name = e.name;
  if (e.stack) error.stack = e.stack;
  return error;
}

/**
 * PGlite on a worker thread of its own (decision 061): the same `Database`, each call a message. Statements of a
 * transaction run in the worker inside PGlite's transaction, which the main thread ends by commit or rollback.
 */
export async function openPgliteThread(dataDir: string | undefined): Promise<Database> {
  // The lock is the process's: taken here, so a folder in use fails as FolderInUseError before a thread starts.
  const release = dataDir ? lockFolder(dataDir) : () => undefined;
  const worker = new Worker(workerScript(), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const notified = new Map<number, (payload: string) => void>();
  let next = 1;
  let failure: Error | undefined;
  let opened!: { resolve: (value: unknown) => void; reject: (error: Error) => void };
  const open = new Promise((resolve, reject) => (opened = { resolve, reject }));
  pending.set(0, opened);

  // Only calls in flight keep the process alive, as a database on the main thread would not either.
  const settle = (id: number) => {
    const call = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return call;
  };
  worker.on('message', (reply: PgliteReply) => {
    if ('notify' in reply) return notified.get(reply.notify)?.(reply.payload);
    const call = settle(reply.id);
    if (reply.ok) call?.resolve(reply.value);
    else call?.reject(rebuilt(reply.error));
  });
  const fail = (error: Error) => {
    failure ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(error);
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the PGlite thread ended (exit code ${code})`)));

  const call = <T>(message: Call): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = message.id ?? next++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };

  const on = (tx?: number): Queryable => ({
    query: <T>(sql: string, params?: readonly unknown[], options?: QueryOptions) =>
      call<QueryResult<T>>({ op: 'query', sql, params, options, tx }),
    exec: (sql: string) => call<void>({ op: 'exec', sql, tx }),
  });

  try {
    await open;
  } catch (error) {
    await worker.terminate();
    release();
    throw error;
  }
  return {
    engine: 'pglite',
    ...on(),
    async transaction(fn) {
      const tx = next++;
      await call({ id: tx, op: 'begin' });
      let result;
      try {
        result = await fn(on(tx));
      } catch (error) {
        await call({ op: 'end', tx, commit: false });
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onPayload): Promise<Unlisten> {
      const listen = next++;
      notified.set(listen, onPayload);
      await call({ id: listen, op: 'listen', channel });
      return async () => {
        notified.delete(listen);
        await call({ op: 'unlisten', listen });
      };
    },
    async close() {
      await call({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
      release();
    },
  };
}
