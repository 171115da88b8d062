// `npm run bench:compare -- <commitA> <commitB>`: the same read scenarios on PGlite against two commits'
// production servers, side by side. Each commit is checked out into a temporary worktree, installed (npm ci),
// built (its own `npm run build:server`) and seeded with the same N ads (its own `npm run seed`); both servers
// then run at once and each scenario runs against A and B in turn, round after round, so both share the
// machine's drift. Prints req/s and p99 per side (median over the rounds) and B's req/s as a share of A's.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { INVENTORY_BASE } from '@bilmarknaden/shared/api-paths';
import { COMPARE_USAGE, parseCompareArgs, type CompareOptions } from './compare-options.ts';
import { runLoad, type LoadResult, type LoadScenario } from './load.ts';
import { repoRoot, run, startServer, type RunningServer } from './server-process.ts';

interface Side {
  label: 'A' | 'B';
  ref: string;
  sha: string;
  tree: string;
  dataDir: string;
  logFile: string;
  port: number;
  ids: { first: number; last: number } | null;
  server: RunningServer | null;
}

/** Issue 39's read scenarios, by paths both old and new servers answer; healthz is the machine's own pace. */
export function compareScenarios(ids: readonly number[]): LoadScenario[] {
  const list = `${INVENTORY_BASE}/001/2003`;
  const detail = `${INVENTORY_BASE}/001/2001`;
  const q = (query: Record<string, string>) => `${list}?${new URLSearchParams(query).toString()}`;
  return [
    { name: 'healthz', path: '/healthz' },
    { name: 'list page 1', path: q({ start: '0', end: '20' }) },
    {
      name: 'filtered',
      path: q({ make: 'volvo', fuel: 'diesel', priceMin: '50000', priceMax: '200000', orderBy: 'price', order: 'asc' }),
    },
    { name: 'free text', path: q({ searchterm: 'automat servicebok' }) },
    { name: 'partial word', path: q({ searchterm: 'volv' }) },
    {
      name: 'detail',
      path: `${detail}?carid=${ids[0]}`,
      paths: ids.map((id) => `${detail}?carid=${id}`),
    },
  ];
}

/** `count` ids spread over first…last, in a fixed shuffled order (the same for both sides). */
export function spreadIds(first: number, last: number, count: number): number[] {
  const n = Math.min(count, last - first + 1);
  const ids = Array.from({ length: n }, (_, k) => first + Math.floor((k * (last - first + 1)) / n));
  let state = 12345;
  for (let i = ids.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids;
}

const log = (m: string) => console.log(m);
const loadavg = () => os.loadavg().map((x) => Math.round(x * 100) / 100);
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
/** A seeded folder holds a million hard links at 100,000 ads: `rm -rf` walks it in constant memory. */
const removeTree = (dir: string) => promisify(execFile)('rm', ['-rf', '--', dir]);

async function main(): Promise<void> {
  let opts: CompareOptions;
  try {
    opts = parseCompareArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${COMPARE_USAGE}`);
    process.exit(2);
  }
  const createdWorkDir = opts.workDir === null;
  const workDir = opts.workDir
    ? path.resolve(opts.workDir)
    : await mkdtemp(path.join(os.tmpdir(), 'bilmarknaden-compare-'));
  await mkdir(workDir, { recursive: true });
  const sides: Side[] = [];
  for (const [i, ref] of opts.commits.entries()) {
    const sha = (await capture('git', ['rev-parse', '--verify', `${ref}^{commit}`], repoRoot)).trim();
    const label = i === 0 ? 'A' : 'B';
    const name = `${label.toLowerCase()}-${sha.slice(0, 10)}`;
    sides.push({
      label,
      ref,
      sha,
      tree: path.join(workDir, name),
      dataDir: path.join(workDir, `${name}-data`),
      logFile: path.join(workDir, `${name}-server.log`),
      port: opts.port + i,
      ids: null,
      server: null,
    });
  }

  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    for (const s of sides) await s.server?.stop();
    if (opts.keep) {
      log(`kept: ${workDir} (reuse with --work-dir ${workDir})`);
      return;
    }
    for (const s of sides) {
      if (existsSync(s.tree)) await run('git', ['worktree', 'remove', '--force', s.tree], log).catch(() => undefined);
      await removeTree(s.dataDir);
      await rm(s.logFile, { force: true });
      await rm(`${s.tree}.ready`, { force: true });
    }
    if (createdWorkDir) await rm(workDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }

  try {
    log(
      `bench:compare ${sides.map((s) => `${s.label} ${s.ref} (${s.sha.slice(0, 10)})`).join(' vs ')}: PGlite, ` +
        `${opts.ads.toLocaleString('en')} ads, ${opts.connections} connections, ${opts.rounds} rounds of ` +
        `${opts.durationS} s (after ${opts.warmupS} s warm-up); work folder ${workDir}`,
    );
    for (const s of sides) await prepare(s, opts);

    for (const s of sides) {
      s.server = await startServer({
        entry: path.join(s.tree, 'server/dist/main.js'),
        cwd: s.tree,
        port: s.port,
        nodeArgs: opts.nodeArgs,
        timeoutMs: 600_000,
        env: { DATA_DIR: s.dataDir, LOG_LEVEL: 'info', WEB_DIST: path.join(s.tree, 'apps/web/dist') },
        logFile: s.logFile,
      });
      log(`${s.label}: server up at ${s.server.url} (pid ${s.server.pid}, log ${s.logFile})`);
    }

    const { first, last } = sides[0]!.ids!;
    const scenarios = compareScenarios(spreadIds(first, last, 2000)).filter(
      (sc) => opts.only.length === 0 || opts.only.includes(sc.name),
    );
    if (scenarios.length === 0) throw new Error(`no scenario named ${opts.only.join(', ')}`);

    // One request each first, shown: a side that answers otherwise (an error, an empty list) is seen at once.
    for (const sc of scenarios) {
      const answers = await Promise.all(
        sides.map(async (s) => {
          const r = await fetch(`${s.server!.url}${sc.path}`);
          const body = await r.text();
          const items = /^\s*\[/.test(body) ? ` ${(JSON.parse(body) as unknown[]).length} items,` : '';
          return `${s.label} ${r.status},${items} ${body.length} bytes`;
        }),
      );
      log(`  ${sc.name.padEnd(14)} ${answers.join('; ')}`);
    }

    const load = { connections: opts.connections, durationS: opts.durationS, warmupS: opts.warmupS };
    // A fresh server runs PGlite's WebAssembly in V8's baseline tier until it is optimised: not measured.
    log('warming up both servers (2 s per scenario, not recorded)…');
    for (const sc of scenarios) {
      for (const s of sides) await runLoad(s.server!.url, sc, { ...load, durationS: 2, warmupS: 0 });
    }

    const started = new Date();
    const before = loadavg();
    const runs = new Map<string, { A: LoadResult[]; B: LoadResult[] }>(
      scenarios.map((sc) => [sc.name, { A: [], B: [] }]),
    );
    for (let round = 0; round < opts.rounds; round++) {
      log(`round ${round + 1} of ${opts.rounds} (load average ${loadavg().join(' ')})`);
      for (const sc of scenarios) {
        // A then B, and B then A in the next round: neither side always follows the other.
        const order = round % 2 === 0 ? sides : [...sides].reverse();
        for (const s of order) {
          const r = await runLoad(s.server!.url, sc, load);
          runs.get(sc.name)![s.label].push(r);
          log(
            `  ${s.label} ${sc.name.padEnd(14)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms` +
              `  errors ${r.errors + r.non2xx}${r.stealPercent ? `  steal ${r.stealPercent} %` : ''}`,
          );
        }
      }
    }
    const after = loadavg();

    log('');
    log(formatComparison(sides, runs, opts));
    log(`load average ${before.join(' ')} before, ${after.join(' ')} after (${os.cpus().length} cores)`);
    if (opts.out) {
      const out = path.resolve(opts.out);
      await mkdir(path.dirname(out), { recursive: true });
      const result = {
        startedAt: started.toISOString(),
        finishedAt: new Date().toISOString(),
        machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model },
        node: process.version,
        options: opts,
        loadAverage: { before, after },
        commits: sides.map((s) => ({ label: s.label, ref: s.ref, sha: s.sha })),
        runs: Object.fromEntries(runs),
      };
      await writeFile(out, JSON.stringify(result, null, 2));
      log(`written: ${out}`);
    }
  } finally {
    await cleanup();
  }
}

/** Worktree, npm ci, build and seed of one side; each step skipped when a kept work folder already has it. */
async function prepare(s: Side, opts: CompareOptions): Promise<void> {
  const ready = `${s.tree}.ready`;
  if (!existsSync(ready)) {
    if (existsSync(s.tree)) await run('git', ['worktree', 'remove', '--force', s.tree], log);
    log(`${s.label}: git worktree add --detach ${s.tree} ${s.sha.slice(0, 10)}`);
    await run('git', ['worktree', 'add', '--detach', s.tree, s.sha], log);
    log(`${s.label}: npm ci…`);
    await run(
      'npm',
      ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      log,
      childEnv(),
      s.tree,
    );
    log(`${s.label}: npm run build:server…`);
    await run('npm', ['run', 'build:server'], log, childEnv(), s.tree);
    await writeFile(ready, s.sha);
  } else {
    log(`${s.label}: reusing the built worktree ${s.tree}`);
  }

  const seededFile = path.join(s.dataDir, 'compare-seeded.json');
  if (existsSync(seededFile)) {
    const seeded = JSON.parse(await readFile(seededFile, 'utf8')) as { ads: number; first: number; last: number };
    if (seeded.ads === opts.ads) {
      log(`${s.label}: reusing ${seeded.ads.toLocaleString('en')} seeded ads in ${s.dataDir}`);
      s.ids = { first: seeded.first, last: seeded.last };
      return;
    }
  }
  await removeTree(s.dataDir);
  await mkdir(s.dataDir, { recursive: true });
  log(`${s.label}: npm run seed -- --ads ${opts.ads} (DATA_DIR ${s.dataDir})…`);
  const out = await capture('npm', ['run', 'seed', '--', '--ads', String(opts.ads)], s.tree, {
    ...childEnv(),
    DATA_DIR: s.dataDir,
  });
  const m = /ids (\d+)[–-](\d+)/.exec(out);
  if (!m) throw new Error(`${s.label}: the seed did not say which ids it wrote:\n${out}`);
  s.ids = { first: Number(m[1]), last: Number(m[2]) };
  await writeFile(seededFile, JSON.stringify({ ads: opts.ads, ...s.ids }));
}

/** This process's environment without what would point a child at another database, folder or port. */
function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'S3_BUCKET', 'NODE_OPTIONS']) delete env[key];
  return env;
}

/** Runs a command and resolves with its output (echoed, but for git's). */
function capture(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const onData = (d: Buffer) => {
      text += d.toString();
      if (cmd !== 'git') process.stdout.write(d);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}\n${text}`)),
    );
  });
}

/** The side-by-side table: medians over the rounds, B's req/s as a share of A's, and each round's req/s. */
export function formatComparison(
  sides: readonly Pick<Side, 'sha'>[],
  runs: ReadonlyMap<string, { A: readonly LoadResult[]; B: readonly LoadResult[] }>,
  opts: Pick<CompareOptions, 'ads' | 'connections' | 'durationS' | 'rounds'>,
): string {
  const [a, b] = [sides[0]!.sha.slice(0, 10), sides[1]!.sha.slice(0, 10)];
  const fmt = (n: number) => Math.round(n).toLocaleString('en');
  const lines = [
    `PGlite, ${opts.ads.toLocaleString('en')} ads, ${opts.connections} connections, median of ${opts.rounds} × ${opts.durationS} s`,
    '',
    `| scenario | A ${a} req/s, p99 | B ${b} req/s, p99 | B/A req/s | A req/s per round | B req/s per round |`,
    '|---|---|---|---|---|---|',
  ];
  for (const [name, r] of runs) {
    const side = (xs: readonly LoadResult[]) => ({
      rps: median(xs.map((x) => x.rps)),
      p99: median(xs.map((x) => x.p99)),
      errors: xs.reduce((n, x) => n + x.errors + x.non2xx, 0),
    });
    const [x, y] = [side(r.A), side(r.B)];
    const errors = x.errors + y.errors > 0 ? ` (errors A ${x.errors}, B ${y.errors})` : '';
    lines.push(
      `| ${name}${errors} | ${fmt(x.rps)}, ${x.p99} ms | ${fmt(y.rps)}, ${y.p99} ms | ` +
        `${Math.round((y.rps / Math.max(1, x.rps)) * 100)} % | ${r.A.map((z) => fmt(z.rps)).join(' ')} | ` +
        `${r.B.map((z) => fmt(z.rps)).join(' ')} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
