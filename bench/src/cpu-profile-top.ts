// `npx tsx bench/src/cpu-profile-top.ts <file.cpuprofile> [top] [--from s]`: where a `node --cpu-prof` profile spent its
// time, by self time: the top functions, and the shares of the WebAssembly (PGlite's PostgreSQL), the
// JavaScript by package, garbage collection and idle time. For profiles of a bench server (bench:compare's
// `--node-args '--cpu-prof --cpu-prof-dir=…'`, or BENCH_SERVER_NODE_ARGS for npm run bench).
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  functions: { name: string; where: string; ms: number }[];
  groups: { group: string; ms: number }[];
}

/** The group a frame's self time counts in: idle, GC, WebAssembly, a package's JavaScript, or node itself. */
export function frameGroup(url: string, name: string): string {
  if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') return name;
  if (url.startsWith('wasm://') || /^\$?(func\d+|wasm-function)/.test(name)) return 'WebAssembly';
  if (url.startsWith('node:') || url === '') return 'node';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  // Bundled servers keep their packages' paths in the bundle only as comments: the bundle is one group.
  return url.split('/').slice(-2).join('/');
}

/** `fromS`: samples of the first seconds are left out (the server's boot, before the load). */
export function summarise(profile: Profile, fromS = 0): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= fromS * 1e6) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const functions = new Map<string, { name: string; where: string; ms: number }>();
  const groups = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const name = functionName || '(anonymous)';
    const where = url ? `${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : '';
    const key = `${name} ${where}`;
    const f = functions.get(key) ?? { name, where, ms: 0 };
    f.ms += us / 1000;
    functions.set(key, f);
    const g = frameGroup(url, name);
    groups.set(g, (groups.get(g) ?? 0) + us / 1000);
    total += us / 1000;
  }
  return {
    totalMs: total,
    functions: [...functions.values()].sort((a, b) => b.ms - a.ms),
    groups: [...groups.entries()].map(([group, ms]) => ({ group, ms })).sort((a, b) => b.ms - a.ms),
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const from = args.indexOf('--from');
  const fromS = from >= 0 ? Number(args.splice(from, 2)[1]) : 0;
  const [file, topArg] = args;
  if (!file || !Number.isFinite(fromS)) {
    console.error('Usage: npx tsx bench/src/cpu-profile-top.ts <file.cpuprofile> [top] [--from s]');
    process.exit(2);
  }
  const s = summarise(JSON.parse(await readFile(file, 'utf8')) as Profile, fromS);
  const busy = s.totalMs - (s.groups.find((g) => g.group === '(idle)')?.ms ?? 0);
  const pct = (ms: number) => `${((ms / busy) * 100).toFixed(1).padStart(5)} %`;
  console.log(`${(s.totalMs / 1000).toFixed(1)} s profiled, ${(busy / 1000).toFixed(1)} s not idle (shares below)`);
  for (const g of s.groups.filter((x) => x.group !== '(idle)').slice(0, 12)) {
    console.log(`  ${pct(g.ms)}  ${g.group}`);
  }
  console.log('top self time:');
  for (const f of s.functions.filter((x) => x.name !== '(idle)').slice(0, Number(topArg ?? 30))) {
    console.log(`  ${pct(f.ms)}  ${f.name}  ${f.where}`);
  }
}

if (process.argv[1] && process.argv[1].endsWith('cpu-profile-top.ts')) await main();
