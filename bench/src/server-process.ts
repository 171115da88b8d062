// Builds the measured server (production web + server build, then bench-server bundled the same way as
// scripts/build-server.mjs bundles main.ts) and runs it as a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { buildServerBundles } from '../../scripts/esbuild-server.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const benchServerBundle = path.join(repoRoot, 'bench/dist/bench-server.js');

/** `npm run build` (web → apps/web/dist, server → server/dist) in the repository. */
export async function buildProduction(log: (m: string) => void): Promise<void> {
  await run('npm', ['run', 'build'], log);
}

export async function bundleBenchServer(): Promise<string> {
  // Bundled as scripts/build-server.mjs bundles main.ts (same options, photo worker included, next to it).
  await buildServerBundles({
    entryPoints: { 'bench-server': path.join(repoRoot, 'bench/src/bench-server.ts') },
    outdir: path.dirname(benchServerBundle),
  });
  return benchServerBundle;
}

export interface RunningServer {
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the bundled bench server (or `entry`, run in `cwd`: another checkout's server for bench:compare);
 * resolves when /healthz answers. Logs go to `logFile`.
 */
export async function startServer(opts: {
  port: number;
  env: Record<string, string>;
  logFile: string;
  timeoutMs?: number;
  entry?: string;
  cwd?: string;
  nodeArgs?: readonly string[];
}): Promise<RunningServer> {
  // The server writes its log straight into the file, as in production: piped through this process, every
  // request's log line was read and written again on the event loop that also runs autocannon, delaying its
  // reading of responses (counted as latency) and taking CPU from the measured server.
  const logFd = openSync(opts.logFile, 'a');
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the measured server.
  const nodeArgs = opts.nodeArgs ?? (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // --expose-gc: the memory route collects garbage before it measures (messaging's live streams).
  const child = spawn(process.execPath, ['--expose-gc', ...nodeArgs, opts.entry ?? benchServerBundle], {
    cwd: opts.cwd ?? repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      BENCH_CEILING_ROUTE: 'true',
      WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
      ...(process.env.PHOTO_WORKERS ? { PHOTO_WORKERS: process.env.PHOTO_WORKERS } : {}),
      ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
      ...opts.env,
    },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const url = `http://127.0.0.1:${opts.port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  for (;;) {
    const code = await Promise.race([exited, sleep(250).then(() => undefined)]);
    if (code !== undefined)
      throw new Error(`bench server exited with code ${code} before it answered; see ${opts.logFile}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`bench server did not answer within ${opts.timeoutMs ?? 180_000} ms; see ${opts.logFile}`);
    }
  }
  return {
    url,
    pid: child.pid!,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function run(
  cmd: string,
  args: string[],
  log: (m: string) => void,
  env?: NodeJS.ProcessEnv,
  cwd: string = repoRoot,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const onData = (d: Buffer) =>
      d
        .toString()
        .split('\n')
        .filter((l) => l.trim() && !l.includes('Unknown user config'))
        .forEach((l) => log(`    ${l}`));
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}
