import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${folder} is in use by another process (pid ${pid}). Stop that process or set another DATA_DIR.`,
    );
    this.name = 'FolderInUseError';
  }
}

/** Who holds a lock: the pid, and where the system tells them, the boot and the process's start time. */
interface Holder {
  pid: number;
  bootId?: string;
  startTime?: string;
}

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: clock ticks from boot to the process's start (Linux only). */
function startTimeOf(pid: number | 'self'): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses: count from after its closing one.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields?.[19];
}

function currentHolder(): Holder {
  const bootId = readProc('/proc/sys/kernel/random/boot_id')?.trim();
  const startTime = startTimeOf('self');
  return { pid: process.pid, ...(bootId ? { bootId } : {}), ...(startTime ? { startTime } : {}) };
}

/** The lock file's text: `pid boot-id start-time`, or the pid alone where /proc is missing. */
function format(holder: Holder): string {
  return holder.bootId && holder.startTime ? `${holder.pid} ${holder.bootId} ${holder.startTime}` : String(holder.pid);
}

function parse(text: string): Holder | null {
  const [pid, bootId, startTime] = text.trim().split(' ');
  const n = Number(pid);
  if (!Number.isInteger(n) || n <= 0) return null;
  return { pid: n, ...(bootId && startTime ? { bootId, startTime } : {}) };
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the lock's holder still runs. A pid alone can name a later process: in a container every life of
 * the server is pid 1, and after a crash another program may get the pid. Where the lock records the boot
 * and the start time, the holder runs only if a process with that pid started at that moment of this boot.
 */
function isHeldBy(holder: Holder, me: Holder): boolean {
  if (holder.bootId && holder.startTime && me.bootId) {
    if (holder.bootId !== me.bootId) return false;
    if (holder.pid === me.pid) return holder.startTime === me.startTime;
    return pidExists(holder.pid) && startTimeOf(holder.pid) === holder.startTime;
  }
  // A pid-only lock naming this process was written by an earlier life of the pid when /proc is there.
  if (holder.pid === me.pid) return !me.bootId;
  return pidExists(holder.pid);
}

/**
 * Takes an exclusive lock on a folder with a file `<folder>.lock` beside it, created atomically (O_EXCL),
 * naming the holder. A lock left by a process that no longer runs is taken over. Returns the release function.
 */
export function lockFolder(folder: string): () => void {
  mkdirSync(path.dirname(path.resolve(folder)), { recursive: true });
  const file = `${path.resolve(folder)}.lock`;
  const me = currentHolder();
  const text = format(me);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, text);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8') === text) rmSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = parse(readFileSync(file, 'utf8'));
      if (holder && isHeldBy(holder, me)) throw new FolderInUseError(folder, holder.pid);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${folder}`);
}
