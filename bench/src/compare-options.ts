import { wholeNumberArg } from '@bilmarknaden/server/cli/whole-number-arg';

export interface CompareOptions {
  /** The two commits (anything `git rev-parse` takes), A first. */
  commits: [string, string];
  ads: number;
  durationS: number;
  warmupS: number;
  connections: number;
  /** Each round runs every scenario once against A and once against B. */
  rounds: number;
  /** Only these scenarios (names), all when empty. */
  only: string[];
  /** A's server listens on `port`, B's on `port + 1`. */
  port: number;
  /** Worktrees, data folders and logs; kept folders are reused by a later run with the same folder. */
  workDir: string | null;
  /** Keep the worktrees and seeded folders after the run (a later run with the same --work-dir reuses them). */
  keep: boolean;
  /** Extra node flags for both servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
  nodeArgs: string[];
  out: string | null;
}

export const COMPARE_USAGE = `Usage: npm run bench:compare -- <commitA> <commitB> [options]
  --ads N            ads seeded into each commit's PGlite folder (default 100000)
  --duration s       seconds per measured run (default 10)
  --warmup s         seconds of the same load before each run, not counted (default 3)
  --connections n    autocannon connections (default 10)
  --rounds n         rounds of A and B per scenario (default 3)
  --only a,b         scenario names: healthz, list page 1, filtered, free text, partial word, detail
  --port p           A listens on p, B on p + 1 (default 3910)
  --work-dir dir     where worktrees and data go (default a fresh folder in the temp folder)
  --keep             keep worktrees and data afterwards; a later run with the same --work-dir reuses them
  --node-args '…'    node flags for both servers, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
  --out file         also write every run as JSON`;

export function parseCompareArgs(argv: readonly string[]): CompareOptions {
  const commits: string[] = [];
  const o: Omit<CompareOptions, 'commits'> = {
    ads: 100_000,
    durationS: 10,
    warmupS: 3,
    connections: 10,
    rounds: 3,
    only: [],
    port: 3910,
    workDir: null,
    keep: false,
    nodeArgs: [],
    out: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const takes = () => {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${flag} needs a value`);
      return value;
    };
    switch (flag) {
      case '--ads':
        o.ads = wholeNumberArg(flag, takes(), 1);
        break;
      case '--duration':
        o.durationS = wholeNumberArg(flag, takes(), 1);
        break;
      case '--warmup':
        o.warmupS = wholeNumberArg(flag, takes(), 0);
        break;
      case '--connections':
        o.connections = wholeNumberArg(flag, takes(), 1);
        break;
      case '--rounds':
        o.rounds = wholeNumberArg(flag, takes(), 1);
        break;
      case '--port':
        o.port = wholeNumberArg(flag, takes(), 1);
        break;
      case '--only':
        o.only = takes()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        break;
      case '--work-dir':
        o.workDir = takes();
        break;
      case '--keep':
        o.keep = true;
        break;
      case '--node-args':
        o.nodeArgs = takes().split(' ').filter(Boolean);
        break;
      case '--out':
        o.out = takes();
        break;
      default:
        if (flag.startsWith('-')) throw new Error(`Unknown option ${flag}`);
        commits.push(flag);
    }
  }
  if (commits.length !== 2) throw new Error('two commits are needed');
  return { commits: [commits[0]!, commits[1]!], ...o };
}
