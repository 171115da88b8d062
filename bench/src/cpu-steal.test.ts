import { describe, expect, it } from 'vitest';
import { parseCpuTimes, readCpuTimes, stealPercent } from './cpu-steal.ts';

const stat = (user: number, idle: number, steal: number) =>
  `cpu  ${user} 10 300 ${idle} 50 0 20 ${steal} 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 12345\n`;

describe('steal time of a load run', () => {
  it('reads the machine line of /proc/stat: eight counters, guest time left out (it is in user time)', () => {
    expect(parseCpuTimes(stat(1000, 5000, 70))).toEqual({
      total: 1000 + 10 + 300 + 5000 + 50 + 0 + 20 + 70,
      steal: 70,
    });
    expect(parseCpuTimes('cpu0 1 2 3\n')).toBeNull();
    expect(parseCpuTimes('cpu  1 2 three 4 5 6 7 8\n')).toBeNull();
    expect(parseCpuTimes('cpu  1 2 3\n')).toBeNull();
  });

  it('answers the stolen share of the time between two readings', () => {
    const before = parseCpuTimes(stat(1000, 5000, 70));
    // 900 ticks pass: 600 user, 210 idle, 90 stolen.
    const after = parseCpuTimes(stat(1600, 5210, 160));
    expect(stealPercent(before, after)).toBe(10);
    expect(stealPercent(before, before)).toBe(0);
    expect(stealPercent(null, after)).toBeNull();
  });

  it('reads this machine (Linux has /proc/stat)', async () => {
    const times = await readCpuTimes();
    if (process.platform !== 'linux') return expect(times).toBeNull();
    expect(times!.total).toBeGreaterThan(0);
    expect(times!.steal).toBeGreaterThanOrEqual(0);
  });
});
