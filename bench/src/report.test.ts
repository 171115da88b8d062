import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load.ts';
import type { EngineReport } from './main.ts';
import { formatTable, readTargets } from './report.ts';

const run = (name: string, p99: number): LoadResult => ({
  name,
  path: '/',
  connections: 10,
  durationS: 10,
  requests: 1000,
  rps: 100,
  p50: 5,
  p90: 10,
  p99,
  max: p99,
  errors: 0,
  non2xx: 0,
  stealPercent: null,
});

const engineReport = (engine: EngineReport['engine'], extra: Partial<EngineReport>): EngineReport => ({
  engine,
  ads: 100_000,
  connections: 10,
  seedSeconds: null,
  bootSeconds: 1,
  loadAverage: { before: [0], after: [0] },
  scenarios: [],
  ...extra,
});

describe('the printed targets (bench/README.md)', () => {
  it('judges a read by its p99 on PGlite and by its share of the ceiling on PostgreSQL', () => {
    expect(readTargets('pglite', 25, 10)).toEqual({ meetsP99: true, meetsCeiling: null });
    expect(readTargets('pglite', 26, 100)).toEqual({ meetsP99: false, meetsCeiling: null });
    expect(readTargets('postgres', 500, 80)).toEqual({ meetsP99: null, meetsCeiling: true });
    expect(readTargets('postgres', 1, 79.9)).toEqual({ meetsP99: null, meetsCeiling: false });
  });

  it("prints each engine's target under its table, and misses only by that target", () => {
    const scenario = (engine: EngineReport['engine'], name: string, p99: number, pctOfCeiling: number) => ({
      ...run(name, p99),
      ceiling: run(`${name} ceiling`, p99),
      ceilingRuns: [],
      pctOfCeiling,
      ...readTargets(engine, p99, pctOfCeiling),
    });
    const [pglite, postgres] = formatTable(
      [
        engineReport('pglite', {
          scenarios: [scenario('pglite', 'detail', 20, 30), scenario('pglite', 'saved', 30, 95)],
        }),
        engineReport('postgres', {
          scenarios: [scenario('postgres', 'detail', 90, 85), scenario('postgres', 'saved', 5, 70)],
        }),
      ],
      null,
      null,
    ).split('\n\n');
    const row = (table: string | undefined, name: string) => table!.split('\n').find((l) => l.startsWith(name))!;
    expect(row(pglite, 'detail')).toMatch(/ ok$/);
    expect(row(pglite, 'saved')).toMatch(/ MISS p99$/);
    expect(pglite).toContain('target: p99 ≤ 25 ms, no errors');
    expect(row(postgres, 'detail')).toMatch(/ ok$/);
    expect(row(postgres, 'saved')).toMatch(/ MISS %$/);
    expect(postgres).toContain('target: ≥ 80 % of the ceiling, no errors.');
  });

  it('marks the send and the inbox on PGlite at 50 ms, and the price facts not at all', () => {
    const text = formatTable(
      [
        engineReport('pglite', {
          priceFacts: { withP99: [9], withoutP99: [4], addedP99Ms: 5 },
          messaging: {
            send: { ...run('send message', 50), meetsP99: true },
            inbox: { ...run('inbox', 51), meetsP99: false },
          },
        }),
        engineReport('postgres', { messaging: { send: { ...run('send message', 80), meetsP99: null } } }),
      ],
      null,
      null,
    );
    const lineOf = (start: string, engine: string) =>
      text
        .split('\n\n')
        .find((part) => part.startsWith(start) && part.includes(`(${engine})`))!
        .split('\n');
    expect(lineOf('Price facts', 'pglite')[0]).not.toMatch(/\bok\b|MISS/);
    const pgliteMessaging = lineOf('Messaging', 'pglite');
    expect(pgliteMessaging.find((l) => l.includes('send message'))).toMatch(/ ok \(target p99 ≤ 50 ms\)$/);
    expect(pgliteMessaging.find((l) => l.includes('inbox'))).toMatch(/ MISS \(target p99 ≤ 50 ms\)$/);
    expect(lineOf('Messaging', 'postgres').find((l) => l.includes('send message'))).toMatch(
      /\(no target on postgres\)$/,
    );
  });
});
