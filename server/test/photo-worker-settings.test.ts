import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultPhotoWorkers, loadSettings, SettingsError } from '../src/settings.ts';

const defaults = { port: 3000, repoRoot: '/repo' };

describe('PHOTO_WORKERS', () => {
  it('is one worker per core but one by default, from 1 to 8', () => {
    expect([1, 2, 3, 4, 9, 10, 64].map((cores) => defaultPhotoWorkers(cores))).toEqual([1, 1, 2, 3, 8, 8, 8]);
    expect(loadSettings({}, defaults).photoWorkers).toBe(defaultPhotoWorkers(os.availableParallelism()));
  });

  it('takes 0 (photos in the server process) and a number of workers', () => {
    expect(loadSettings({ PHOTO_WORKERS: '0' }, defaults).photoWorkers).toBe(0);
    expect(loadSettings({ PHOTO_WORKERS: '3' }, defaults).photoWorkers).toBe(3);
  });

  it.each(['-1', '1.5', 'två', '65'])('refuses %s with a clear message', (value) => {
    try {
      loadSettings({ PHOTO_WORKERS: value }, defaults);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(SettingsError);
      expect((err as SettingsError).problems).toEqual([
        `PHOTO_WORKERS must be a whole number from 0 to 64 (got "${value}")`,
      ]);
    }
  });
});

describe('PHOTO_WORKER_PRIORITY', () => {
  it('is idle by default and takes normal', () => {
    expect(loadSettings({}, defaults).photoWorkerPriority).toBe('idle');
    expect(loadSettings({ PHOTO_WORKER_PRIORITY: 'normal' }, defaults).photoWorkerPriority).toBe('normal');
  });

  it('refuses anything else with a clear message', () => {
    expect(() => loadSettings({ PHOTO_WORKER_PRIORITY: 'high' }, defaults)).toThrow(
      /PHOTO_WORKER_PRIORITY must be idle or normal/,
    );
  });
});
