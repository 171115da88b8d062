import { wholeNumberArg } from '@bilmarknaden/server/cli/whole-number-arg';

export type Engine = 'pglite' | 'postgres';

export interface BenchOptions {
  engines: Engine[] | 'auto';
  ads: number;
  durationS: number;
  warmupS: number;
  /** Per engine unless given: 50 on PostgreSQL, 10 on PGlite. */
  connections: number | null;
  skipBuild: boolean;
  skipLighthouse: boolean;
  skipIngest: boolean;
  skipUploads: boolean;
  lighthouseRuns: number;
  /** Keep and reuse the seeded database and data folder of an earlier run with the same engine and N. */
  reuse: boolean;
  /** Only these scenarios (names), all when empty. */
  only: string[];
  /** The bevakningar of the watches scenarios (`--only watches`). */
  watches: number;
  /** Ads published per measured round of the watches scenario. */
  publishes: number;
  pgUrl: string;
  port: number;
  out: string;
}

export const BENCH_USAGE = `Usage: npm run bench -- [options]
  --engine pglite|postgres|both   default: both when PostgreSQL answers, else pglite
  --ads N                         ads to seed (default 100000; 1000000 works on PostgreSQL)
  --duration s                    seconds per scenario (≥ 10, default 10)
  --warmup s                      warm-up seconds per scenario (default 3)
  --connections n                 default 50 on PostgreSQL, 10 on PGlite
  --skip-build                    use the existing apps/web/dist (the bench server is bundled anyway)
  --skip-lighthouse --skip-ingest --skip-uploads
  --lighthouse-runs n             runs per page, the median is reported (default 1)
  --reuse                         reuse the database seeded by an earlier run with the same engine and N
  --only a,b                      only these scenarios (each with its own ceiling), e.g. 'deepest window,saved';
                                  'messaging' runs inbox, send message and live connections;
                                  'watches' runs publish with bevakningar and the daily digest, in process;
                                  'views' runs the ad page's reads without and with its view (issue 43), in turn
  --watches N --publishes P       bevakningar (default 100000) and publishes per round (default 200) of 'watches'
  --pg-url URL                    PostgreSQL server for the bench database (default DATABASE_URL or local)
  --port n                        port of the bench server (default 3900)
  --out file                      default bench/results/latest.json`;

export function parseBenchArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const o: BenchOptions = {
    engines: 'auto',
    ads: 100_000,
    durationS: 10,
    warmupS: 3,
    connections: null,
    skipBuild: false,
    skipLighthouse: false,
    skipIngest: false,
    skipUploads: false,
    lighthouseRuns: 1,
    reuse: false,
    only: [],
    watches: 100_000,
    publishes: 200,
    pgUrl: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    port: 3900,
    out: 'bench/results/latest.json',
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    const takes = () => {
      i++;
      if (value === undefined) throw new Error(`${flag} needs a value`);
      return value;
    };
    switch (flag) {
      case '--engine': {
        const v = takes();
        if (v === 'both') o.engines = ['pglite', 'postgres'];
        else if (v === 'pglite' || v === 'postgres') o.engines = [v];
        else throw new Error('--engine is pglite, postgres or both');
        break;
      }
      case '--ads':
        o.ads = wholeNumberArg(flag, takes(), 1);
        break;
      case '--duration':
        o.durationS = wholeNumberArg(flag, takes(), 10);
        break;
      case '--warmup':
        o.warmupS = wholeNumberArg(flag, takes(), 0);
        break;
      case '--connections':
        o.connections = wholeNumberArg(flag, takes(), 1);
        break;
      case '--lighthouse-runs':
        o.lighthouseRuns = wholeNumberArg(flag, takes(), 1);
        break;
      case '--port':
        o.port = wholeNumberArg(flag, takes(), 1);
        break;
      case '--pg-url':
        o.pgUrl = takes();
        break;
      case '--out':
        o.out = takes();
        break;
      case '--only':
        o.only = takes()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        break;
      case '--watches':
        o.watches = wholeNumberArg(flag, takes(), 1);
        break;
      case '--publishes':
        o.publishes = wholeNumberArg(flag, takes(), 10);
        break;
      case '--skip-build':
        o.skipBuild = true;
        break;
      case '--skip-lighthouse':
        o.skipLighthouse = true;
        break;
      case '--skip-ingest':
        o.skipIngest = true;
        break;
      case '--skip-uploads':
        o.skipUploads = true;
        break;
      case '--reuse':
        o.reuse = true;
        break;
      default:
        throw new Error(`Unknown option ${flag}`);
    }
  }
  return o;
}
