import autocannon, { type Request } from 'autocannon';
import { readCpuTimes, stealPercent } from './cpu-steal.ts';

export interface LoadScenario {
  name: string;
  /** Path and query of the request (or the first, when `paths` rotates). */
  path: string;
  /** Rotating paths: each request takes the next one. */
  paths?: readonly string[];
  headers?: Record<string, string>;
  /** Rotating requests (each its own method, path, headers and body): each request takes the next one. */
  rotate?: readonly RotatingRequest[];
}

export interface RotatingRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  name: string;
  path: string;
  connections: number;
  durationS: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** The share of the machine's CPU time that the hypervisor gave to others during the run; null off Linux. */
  stealPercent: number | null;
}

/** One autocannon run; `warmupS` seconds of the same load first, not counted. */
export async function runLoad(
  baseUrl: string,
  scenario: LoadScenario,
  opts: { connections: number; durationS: number; warmupS: number },
): Promise<LoadResult> {
  const requests = (): Request[] | undefined => {
    if (scenario.rotate && scenario.rotate.length > 0) {
      const all = scenario.rotate;
      let i = 0;
      return [{ setupRequest: (req) => ({ ...req, ...all[i++ % all.length]! }) }];
    }
    if (!scenario.paths || scenario.paths.length === 0) return undefined;
    const paths = scenario.paths;
    let i = 0;
    return [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }];
  };
  const common = {
    url: `${baseUrl}${scenario.path}`,
    connections: opts.connections,
    headers: scenario.headers ?? {},
    timeout: 10,
  };
  if (opts.warmupS > 0) await autocannon({ ...common, duration: opts.warmupS, requests: requests() });
  const before = await readCpuTimes();
  const r = await autocannon({ ...common, duration: opts.durationS, requests: requests() });
  const after = await readCpuTimes();
  return {
    name: scenario.name,
    path: scenario.path,
    connections: opts.connections,
    durationS: opts.durationS,
    requests: r.requests.total,
    rps: Math.round(r.requests.total / Math.max(1, r.duration)),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    stealPercent: stealPercent(before, after),
  };
}
