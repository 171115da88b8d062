import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
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
