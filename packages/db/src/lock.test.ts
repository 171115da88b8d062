import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { FolderInUseError, lockFolder } from './lock.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'bm-lock-'));

describe('lockFolder', () => {
  it('refuses a second holder while the first holds the lock, and frees it on release', () => {
    const dir = path.join(tempDir(), 'db');
    const release = lockFolder(dir);
    // Simulate another live process holding it: our parent's pid is alive.
    release();
    writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => lockFolder(dir)).toThrow(FolderInUseError);
    expect(() => lockFolder(dir)).toThrow(/in use by another process/);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = path.join(tempDir(), 'db');
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid!;
    await new Promise((r) => child.on('exit', r));
    writeFileSync(`${dir}.lock`, String(deadPid));
    const release = lockFolder(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});

describe('lockFolder after a restart under the same pid', () => {
  const holderOf = (dir: string) => readFileSync(`${dir}.lock`, 'utf8').split(' ');

  it('takes over a lock left by an earlier life of this pid (a container restart, pid 1 again)', () => {
    const dir = path.join(tempDir(), 'db');
    const release = lockFolder(dir);
    const [pid, bootId, startTime] = holderOf(dir);
    release();
    expect(Number(pid)).toBe(process.pid);
    // The same pid and boot, an earlier start: what a killed pid 1 leaves for the next pid 1.
    writeFileSync(`${dir}.lock`, `${pid} ${bootId} ${Number(startTime) - 100}`);
    const again = lockFolder(dir);
    expect(holderOf(dir)).toEqual([pid, bootId, startTime]);
    again();
    // A lock in the old format (the pid alone) naming this process is as stale.
    writeFileSync(`${dir}.lock`, String(process.pid));
    lockFolder(dir)();
    // Another boot: every process of it is gone.
    writeFileSync(`${dir}.lock`, `${pid} 00000000-0000-0000-0000-000000000000 ${startTime}`);
    lockFolder(dir)();
  });

  it('refuses while this process holds it, and while a live process started at the recorded moment holds it', () => {
    const dir = path.join(tempDir(), 'db');
    const release = lockFolder(dir);
    expect(() => lockFolder(dir)).toThrow(FolderInUseError);
    const [, bootId] = holderOf(dir);
    release();
    const parentStart = readFileSync(`/proc/${process.ppid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
    writeFileSync(`${dir}.lock`, `${process.ppid} ${bootId} ${parentStart}`);
    expect(() => lockFolder(dir)).toThrow(new FolderInUseError(dir, process.ppid).message);
    // The parent's pid with another start time: a later process got the pid of a crashed holder.
    writeFileSync(`${dir}.lock`, `${process.ppid} ${bootId} ${Number(parentStart) + 1}`);
    lockFolder(dir)();
  });
});
