// CPU time the hypervisor gave to other machines ("steal" in /proc/stat) while a load ran. On a shared virtual
// machine the same code ran 2–3 times slower from one session to the next (session 10's note); a run with much
// steal measured the neighbours as well as the server, and its figures say so next to them.
import { readFile } from 'node:fs/promises';

/** The machine's CPU time so far, in clock ticks: all of it, and the part stolen. */
export interface CpuTimes {
  total: number;
  steal: number;
}

/** The first line of /proc/stat (`cpu  user nice system idle iowait irq softirq steal …`), or null. */
export function parseCpuTimes(procStat: string): CpuTimes | null {
  const line = procStat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) return null;
  // The first eight counters: guest time (the ninth and tenth) is counted in user time already.
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (ticks.length < 8 || ticks.some((n) => !Number.isFinite(n))) return null;
  return { total: ticks.reduce((a, b) => a + b, 0), steal: ticks[7]! };
}

/** This machine's CPU times, or null where there is no /proc/stat. */
export async function readCpuTimes(): Promise<CpuTimes | null> {
  try {
    return parseCpuTimes(await readFile('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** The stolen share of the CPU time between two readings, in whole percent; null when either is missing. */
export function stealPercent(before: CpuTimes | null, after: CpuTimes | null): number | null {
  if (!before || !after) return null;
  const total = after.total - before.total;
  return total > 0 ? Math.round((100 * (after.steal - before.steal)) / total) : 0;
}
