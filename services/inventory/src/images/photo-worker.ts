// A photo worker: a child process of the server (see photo-worker-pool.ts) that checks and re-encodes one photo
// at a time, at the lowest CPU priority, so the kernel runs the server's own thread (HTTP, the embedded database)
// first and photos get the cores it leaves. Photos arrive on fd 3, answers go back over the IPC channel
// (advanced serialization: Buffers pass as bytes); it exits when the channel closes, which is also what
// happens when the server dies.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import type { PhotoWorkerReply } from './photo-worker-pool.ts';
import { PHOTO_WORKER_PRIORITY_ENV } from './photo-worker-priority.ts';

/** nice 19: the lowest priority a process can give itself. */
const PHOTO_WORKER_NICE = 19;

/**
 * Before anything else, and before sharp is loaded: on Linux nice is per thread and a new thread inherits the
 * nice value of the thread that creates it, so this thread and every thread that already exists (V8's, the
 * module loader's) is lowered here, and the threads made later (libuv's pool, libvips') start at 19.
 */
function lowerOwnPriority(): void {
  try {
    os.setPriority(PHOTO_WORKER_NICE);
    if (process.platform === 'linux') {
      for (const tid of readdirSync('/proc/self/task')) {
        try {
          os.setPriority(Number(tid), PHOTO_WORKER_NICE);
        } catch {
          // the thread ended meanwhile
        }
      }
    }
  } catch (error) {
    process.emitWarning(`photo worker could not lower its CPU priority: ${(error as Error).message}`);
  }
}

/**
 * Linux: also the idle scheduling class (SCHED_IDLE) for every thread, inherited by the threads made later. Nice
 * 19 still takes a share of a busy core, and a waking server thread waited for it: list p99 at 50 connections
 * with 4 ads uploading was 48 ms at nice 19 and 39 ms idle-class against 20 ms without uploads. Best effort: without
 * `chrt` (util-linux) the worker stays at nice 19.
 */
function idleSchedulingClass(): void {
  if (process.platform !== 'linux') return;
  try {
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore' });
  } catch {
    // nice 19 remains
  }
}

if (process.env[PHOTO_WORKER_PRIORITY_ENV] !== 'normal') {
  lowerOwnPriority();
  idleSchedulingClass();
}

// Loaded only now (a dynamic import; the bundle keeps it in a separate chunk), so sharp and libvips start at 19.
const { ImageRejectedError, processImage, setImageConcurrency } = await import('./image-pipeline.ts');
setImageConcurrency(1);

if (!process.send) {
  console.error('photo-worker: start it with an IPC channel (child_process.fork), not directly');
  process.exit(1);
}
// A reply that can no longer be sent (the server is gone) is dropped: 'disconnect' ends this process.
const send = (reply: PhotoWorkerReply) => process.send!(reply, undefined, {}, () => undefined);

function processPhoto(id: number, bytes: Buffer): void {
  processImage(bytes).then(
    ({ full, card }) => send({ id, full, card }),
    (error: unknown) =>
      send(
        error instanceof ImageRejectedError
          ? { id, rejected: error.message }
          : { id, error: error instanceof Error ? error.message : String(error) },
      ),
  );
}

// Photos: an 8-byte header (id, length) and the bytes, on fd 3 (PHOTO_HEADER_BYTES, PHOTO_INPUT_FD in the pool;
// not imported from there, as that module loads sharp).
let chunks: Buffer[] = [];
let buffered = 0;
const photos = new net.Socket({ fd: 3, readable: true, writable: false });
photos.on('data', (chunk: Buffer) => {
  chunks.push(chunk);
  buffered += chunk.length;
  for (;;) {
    if (buffered < 8) return;
    if (chunks[0]!.length < 8) chunks = [Buffer.concat(chunks, buffered)];
    const length = chunks[0]!.readUInt32BE(4);
    if (buffered < 8 + length) return;
    const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, buffered);
    const rest = all.subarray(8 + length);
    chunks = rest.length > 0 ? [rest] : [];
    buffered = rest.length;
    processPhoto(all.readUInt32BE(0), all.subarray(8, 8 + length));
  }
});
// The server closed the pipe or died.
photos.on('error', () => process.exit(0));
// The IPC channel is how a worker learns the server is gone; messages on it are not used.
process.on('message', () => undefined);
// The server closed the channel (pool.close) or died: nothing more will come.
process.on('disconnect', () => process.exit(0));
// Ctrl-C in a terminal (and a service manager's SIGTERM) reaches every process of the server: the server then
// finishes its requests, photos included, and ends the workers itself; a dead server ends them by 'disconnect'.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
send({ ready: true });
