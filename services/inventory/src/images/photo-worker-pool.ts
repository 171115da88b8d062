// Photos are decoded and encoded in child processes at the lowest CPU priority (photo-worker.ts), so that on a
// small machine the server's main thread, which runs HTTP and the embedded database, gets the CPU first and a
// list request does not wait behind someone's upload. One photo per worker at a time, the rest wait in order.
import { fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ImageProcessor } from '../services/ad-service.ts';
import { PHOTO_WORKER_PRIORITY_ENV, type PhotoWorkerPriority } from './photo-worker-priority.ts';
import {
  ImageRejectedError,
  photoByteLength,
  photoChunks,
  quickCheckImage,
  type PhotoBytes,
  type ProcessedImage,
} from './image-pipeline.ts';
import { scriptNextToBundle } from '@bilmarknaden/db/bundled-script';
import type { Log } from '@bilmarknaden/service-kit/log';

/**
 * Server → worker, on the worker's fd 3 (a plain pipe, not the IPC channel): a photo as an 8-byte header (id and
 * length, unsigned 32-bit big-endian) and its bytes. The bytes are written from the upload's own chunks; sent
 * over IPC they would first be copied into a serialized message on this thread (measured: ~2 ms per 3 MB photo).
 */
export const PHOTO_HEADER_BYTES = 8;
/** The worker's fd that carries photos. */
export const PHOTO_INPUT_FD = 3;

/** Worker → server over IPC (advanced serialization: Buffers as bytes): ready once, then one answer per photo. */
export type PhotoWorkerReply =
  | { ready: true }
  | { id: number; full: Uint8Array; card: Uint8Array }
  | { id: number; rejected: string }
  | { id: number; error: string };

export interface PhotoWorkerPoolOptions {
  /** Worker processes at most; each is started on demand and processes one photo at a time. */
  size: number;
  /** A photo not answered within this (start of a new worker included) kills its worker. Default 60 s. */
  jobTimeoutMs?: number;
  log?: Pick<Log, 'warn'>;
  /**
   * How busy the server's own thread is, 0…1, since the last call (default: its event-loop utilisation). While
   * it is above YIELD_BUSY_ABOVE, a worker that has finished a photo rests as long as that photo took before it
   * takes the next one: false turns this off.
   */
  serverBusy?: (() => number) | false;
  /**
   * 'idle' (default): workers at nice 19 in the idle scheduling class, so the server's thread runs first.
   * 'normal': the server's own priority, for a machine whose cores are always busy (the test suite), where an
   * idle-class worker would wait for a free core indefinitely.
   */
  priority?: PhotoWorkerPriority;
}

/** Above this event-loop utilisation of the server's thread, workers rest between photos. */
export const YIELD_BUSY_ABOVE = 0.5;
/** The longest rest between two photos. */
const MAX_REST_MS = 1_000;

/** The server thread's event-loop utilisation since the previous call. */
function eventLoopBusy(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return share;
  };
}

export interface PhotoWorkerPool {
  /** Same contract as the in-process processImage: ImageRejectedError (Swedish message) for a refused file. */
  processImage: ImageProcessor;
  /** Pids of the running workers (for tests and diagnostics). */
  pids(): number[];
  /** Photos waiting for a worker (for tests and diagnostics). */
  queued(): number;
  /** Ends the workers; photos waiting or in progress are rejected. */
  close(): Promise<void>;
}

export const DEFAULT_PHOTO_JOB_TIMEOUT_MS = 60_000;
/** A worker that has not exited this long after close() is killed. */
const CLOSE_GRACE_MS = 5_000;

/**
 * The worker's script and the node arguments to run it: from the bundle, photo-worker.js next to the bundle
 * (the build emits it); from source (tsx, vitest), photo-worker.ts through tsx.
 */
export function photoWorkerScript(): { script: string; execArgv: string[] } {
  const script = scriptNextToBundle('photo-worker.js', 'photo worker');
  if (script) return { script, execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { script: fileURLToPath(new URL('./photo-worker.ts', import.meta.url)), execArgv: ['--import', tsx] };
}

interface Job {
  id: number;
  input: readonly Buffer[];
  resolve: (image: ProcessedImage) => void;
  reject: (error: Error) => void;
}

interface Worker {
  child: ChildProcess;
  /** The photo pipe (the worker's fd 3). */
  photos: Socket;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  gone: boolean;
  /** When its current photo was sent. */
  started: number;
  /** Resting until this time (performance.now()) before its next photo. */
  restUntil: number;
}

const toBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function createPhotoWorkerPool(options: PhotoWorkerPoolOptions): PhotoWorkerPool {
  const size = options.size;
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer');
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_PHOTO_JOB_TIMEOUT_MS;
  const serverBusy = options.serverBusy === false ? null : (options.serverBusy ?? eventLoopBusy());
  let restTimer: NodeJS.Timeout | null = null;
  const { script, execArgv } = photoWorkerScript();
  const workers: Worker[] = [];
  const queue: Job[] = [];
  const exits = new Set<Promise<void>>();
  let nextId = 1;
  let closed = false;

  function spawnWorker(): Worker {
    // Its output goes where the server's goes; it reads nothing from stdin; photos go down fd 3.
    const child = fork(script, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'pipe', 'ipc'],
      env: { ...process.env, [PHOTO_WORKER_PRIORITY_ENV]: options.priority ?? 'idle' },
    });
    const photos = child.stdio[PHOTO_INPUT_FD] as Socket;
    // A worker that dies mid-write: EPIPE here, and its 'exit' fails the photo.
    photos.on('error', () => undefined);
    const worker: Worker = {
      child,
      photos,
      ready: false,
      job: null,
      timer: null,
      gone: false,
      started: 0,
      restUntil: 0,
    };
    let markExited!: () => void;
    const exited = new Promise<void>((resolve) => (markExited = resolve));
    exits.add(exited);
    void exited.then(() => exits.delete(exited));
    child.on('message', (reply: PhotoWorkerReply) => onReply(worker, reply));
    child.once('exit', (code, signal) => {
      markExited();
      lose(worker, new Error(`photo worker ended (${signal ?? `exit code ${code}`}) before answering`));
    });
    child.on('error', (error) => {
      // Not started at all (no pid): there will be no 'exit'.
      if (child.pid === undefined) markExited();
      lose(worker, new Error(`photo worker failed: ${error.message}`));
    });
    workers.push(worker);
    return worker;
  }

  /** A worker with a photo keeps the server process alive; an idle one does not. */
  function hold(worker: Worker, busy: boolean): void {
    if (busy) {
      worker.child.ref();
      worker.child.channel?.ref();
      worker.photos.ref();
    } else {
      worker.child.unref();
      worker.child.channel?.unref();
      worker.photos.unref();
    }
  }

  function send(worker: Worker, job: Job): void {
    worker.started = performance.now();
    const header = Buffer.allocUnsafe(PHOTO_HEADER_BYTES);
    header.writeUInt32BE(job.id, 0);
    header.writeUInt32BE(photoByteLength(job.input), 4);
    worker.photos.cork();
    worker.photos.write(header);
    for (const chunk of job.input) worker.photos.write(chunk);
    worker.photos.uncork();
  }

  function assign(worker: Worker, job: Job): void {
    worker.job = job;
    hold(worker, true);
    worker.timer = setTimeout(
      () => lose(worker, new Error(`photo processing took longer than ${jobTimeoutMs} ms; worker killed`)),
      jobTimeoutMs,
    );
    if (worker.ready) send(worker, job);
  }

  /** The worker's photo is answered (or failed): frees the worker. */
  function finish(worker: Worker): Job | null {
    const job = worker.job;
    if (worker.timer) clearTimeout(worker.timer);
    worker.job = null;
    worker.timer = null;
    if (!worker.gone) hold(worker, false);
    return job;
  }

  /** The worker crashed, timed out or cannot be reached: killed and dropped; its photo fails (500). */
  function lose(worker: Worker, error: Error): void {
    if (worker.gone) return;
    worker.gone = true;
    const job = finish(worker);
    workers.splice(workers.indexOf(worker), 1);
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
    if (!closed) options.log?.warn({ pid: worker.child.pid, err: error, photo: Boolean(job) }, 'photo worker lost');
    job?.reject(error);
    dispatch();
  }

  function onReply(worker: Worker, reply: PhotoWorkerReply): void {
    if (worker.gone) return;
    if ('ready' in reply) {
      worker.ready = true;
      if (worker.job) send(worker, worker.job);
      else hold(worker, false);
      return;
    }
    if (worker.job?.id !== reply.id) return;
    const job = finish(worker)!;
    // Photos are background work: while the server's thread is busy (listing for others), the worker rests as
    // long as the photo took, so it uses at most half of its core and the caches it shares with the server.
    if (serverBusy && queue.length > 0 && serverBusy() > YIELD_BUSY_ABOVE) {
      worker.restUntil = performance.now() + Math.min(MAX_REST_MS, performance.now() - worker.started);
    }
    if ('full' in reply) job.resolve({ full: toBuffer(reply.full), card: toBuffer(reply.card) });
    else if ('rejected' in reply) job.reject(new ImageRejectedError(reply.rejected));
    else job.reject(new Error(`photo processing failed: ${reply.error}`));
    dispatch();
  }

  function dispatch(): void {
    const now = performance.now();
    while (!closed && queue.length > 0) {
      const idle = workers.find((w) => w.ready && !w.job && w.restUntil <= now);
      if (idle) assign(idle, queue.shift()!);
      else if (workers.length < size) assign(spawnWorker(), queue.shift()!);
      else break;
    }
    // A resting worker takes the next photo when its rest ends.
    const resting = workers.filter((w) => w.ready && !w.job && w.restUntil > now);
    if (!closed && queue.length > 0 && resting.length > 0 && !restTimer) {
      const wake = Math.min(...resting.map((w) => w.restUntil)) - now;
      restTimer = setTimeout(() => {
        restTimer = null;
        dispatch();
      }, wake);
    }
  }

  return {
    async processImage(bytes: PhotoBytes): Promise<ProcessedImage> {
      if (closed) throw new Error('photo worker pool is closed');
      // Size and magic bytes here (a few bytes read): a text file or an SVG is refused at once, without a
      // round trip. The structure walk and the header parse (libvips) run in the worker, off this thread.
      quickCheckImage(bytes);
      const input = photoChunks(bytes);
      return new Promise<ProcessedImage>((resolve, reject) => {
        queue.push({ id: nextId, input, resolve, reject });
        nextId = (nextId % 0xffff_ffff) + 1;
        dispatch();
      });
    },
    pids: () => workers.flatMap((w) => (w.child.pid === undefined ? [] : [w.child.pid])),
    queued: () => queue.length,
    async close() {
      if (closed) return;
      closed = true;
      if (restTimer) clearTimeout(restTimer);
      const error = new Error('photo worker pool is closed');
      for (const job of queue.splice(0)) job.reject(error);
      for (const worker of [...workers]) {
        worker.gone = true;
        const job = finish(worker);
        job?.reject(error);
        const { child } = worker;
        if (child.exitCode !== null || child.signalCode !== null) continue;
        // The worker exits when its channel closes; a stuck one is killed.
        const kill = setTimeout(() => child.kill('SIGKILL'), CLOSE_GRACE_MS);
        kill.unref();
        child.once('exit', () => clearTimeout(kill));
        child.ref();
        worker.photos.destroy();
        if (child.connected) child.disconnect();
        else child.kill('SIGKILL');
      }
      workers.length = 0;
      await Promise.all(exits);
    },
  };
}
