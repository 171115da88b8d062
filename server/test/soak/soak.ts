// `npm run soak [-- --duration 10m --connections 100 --no-build]`: the built default process with the demo
// data in a temporary DATA_DIR, under mixed traffic over loopback (browse, search, detail, makes, a seller's
// ads, login, post with a photo, save, saved list) with autocannon. Passes with zero 5xx, no connection
// errors and RSS growth within the bound; prints p50/p90/p99 overall and per kind. Not part of `npm test`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon, { type RequestOptions } from 'autocannon';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '../../..');
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
/** '10m', '180s', '90' (seconds). */
function seconds(value: string): number {
  const m = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(value);
  if (!m) throw new Error(`--duration: "${value}" is not like 10m or 180s`);
  return Math.round(Number(m[1]) * (m[2] === 'm' ? 60 : 1));
}
const duration = seconds(option('duration', '10m'));
const connections = Number(option('connections', '100'));
/** RSS may grow this much from the first to the last minute (caches and the heap settle early). */
const maxGrowthMb = Number(option('max-rss-growth-mb', '200'));
const log = (m: string) => console.log(`[soak] ${m}`);

function run(cmd: string, argv: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${argv.join(' ')} → ${code}`))));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

async function main() {
  if (!args.includes('--no-build')) {
    log('building (npm run build; skip with --no-build)');
    await run('npm', ['run', 'build']);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bm-soak-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let serverExited = false;
  server.on('exit', () => (serverExited = true));
  try {
    log(`starting the server with the demo data in ${dataDir}`);
    const until = Date.now() + 300_000;
    while (
      !(await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (serverExited || Date.now() > until) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }

    // Fixtures: the demo ads and sellers, tokens of the demo users, one photo for the posts.
    const ads = (await (await fetch(`${base}/api/inventory/001/2003?start=0&end=100`)).json()) as { id: number }[];
    const detail = (await Promise.all(
      ads.slice(0, 20).map(async (a) => (await fetch(`${base}/api/inventory/001/2001?carid=${a.id}`)).json()),
    )) as { user: string }[];
    const sellers = [...new Set(detail.map((d) => d.user))];
    const emails = ['anna', 'erik', 'handlare', 'moderator', 'admin'].map((u) => `${u}@demo.bilmarknaden.se`);
    const tokens: string[] = [];
    for (const email of emails) {
      const res = await fetch(`${base}/api/identity/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Bilmarknaden1' }),
      });
      if (res.ok) tokens.push(await res.text());
    }
    if (ads.length === 0 || tokens.length === 0) throw new Error('no demo ads or users: is SEED_DEMO on?');
    const makes = ['volvo', 'Volvo', 'saab', 'bmw', 'audi', 'toyota', 'tesla'];
    const terms = ['volvo', 'v70 diesel', 'kombi', 'automat', 'xc6', 'elbil', 'dragkrok', 'bmw 320', 'ö', 'saab 9-5'];
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const boundary = `----soak${randomUUID()}`;
    const fields: Record<string, string> = {
      title: 'Soak-testad Volvo V70',
      description: 'Skapad av belastningstestet.',
      price: '99000',
      make: 'Volvo',
      model: 'V70',
      year: '2012',
      milage: '15000',
      hp: '150',
      color: 'svart',
      type: 'kombi',
      transmission: 'manuell',
      drivetrain: 'fwd',
      fuel: 'diesel',
    };
    const form = Buffer.concat([
      ...Object.entries(fields).map(([k, v]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      ),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images[0]"; filename="a.jpg"\r\n`),
      Buffer.from('Content-Type: image/jpeg\r\n\r\n'),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);

    const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const auth = () => ({ authorization: `Bearer ${pick(tokens)}` });
    type Kind = { name: string; weight: number; build: () => RequestOptions };
    const kinds: Kind[] = [
      {
        name: 'browse',
        weight: 30,
        build: () => {
          const start = pick([0, 20, 40, 60]);
          return { method: 'GET', path: `/api/inventory/001/2003?start=${start}&end=${start + 20}` };
        },
      },
      {
        name: 'browse-make',
        weight: 10,
        build: () => ({
          method: 'GET',
          path: `/api/inventory/001/2003?make=${pick(makes)}&orderBy=${pick(['price', 'year', 'created'])}&order=${pick(['asc', 'desc'])}`,
        }),
      },
      {
        name: 'search',
        weight: 15,
        build: () => ({ method: 'GET', path: `/api/inventory/001/2003?searchterm=${encodeURIComponent(pick(terms))}` }),
      },
      {
        name: 'detail',
        weight: 20,
        build: () => ({ method: 'GET', path: `/api/inventory/001/2001?carid=${pick(ads).id}` }),
      },
      {
        name: 'catalogue',
        weight: 5,
        build: () => ({ method: 'GET', path: pick(['/api/inventory/002/2001', '/api/inventory/002/2002?make=Volvo']) }),
      },
      {
        name: 'seller',
        weight: 5,
        build: () => ({ method: 'GET', path: `/api/inventory/001/2002?username=${encodeURIComponent(pick(sellers))}` }),
      },
      { name: 'page', weight: 3, build: () => ({ method: 'GET', path: `/car/${pick(ads).id}` }) },
      {
        name: 'login',
        weight: 2,
        build: () => ({
          method: 'POST',
          path: '/api/identity/user/login',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: pick(emails), password: 'Bilmarknaden1' }),
        }),
      },
      {
        name: 'post',
        weight: 1,
        build: () => ({
          method: 'POST',
          path: '/api/inventory/001/1001',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...auth() },
          body: form,
        }),
      },
      {
        name: 'save',
        weight: 5,
        build: () => ({
          method: 'POST',
          path: `/api/inventory/001/3001?carid=${pick(ads).id}`,
          headers: auth(),
          body: '',
        }),
      },
      {
        name: 'saved-list',
        weight: 4,
        build: () => ({ method: 'GET', path: '/api/inventory/001/3002', headers: auth() }),
      },
    ];
    const total = kinds.reduce((s, k) => s + k.weight, 0);
    const stats = new Map(kinds.map((k) => [k.name, { statuses: new Map<number, number>(), ms: [] as number[] }]));
    const choose = () => {
      let r = Math.random() * total;
      for (const k of kinds) if ((r -= k.weight) < 0) return k;
      return kinds[0]!;
    };

    const rss: { t: number; mb: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => rss.push({ t: (Date.now() - started) / 1000, mb: rssMb(server.pid!) }), 5000);
    rss.push({ t: 0, mb: rssMb(server.pid!) });
    log(`running ${duration} s at ${connections} connections against ${base}`);
    const result = await autocannon({
      url: base,
      connections,
      duration,
      timeout: 30,
      requests: [
        {
          setupRequest: (_req, context) => {
            const kind = choose();
            context.kind = kind.name;
            context.at = performance.now();
            const req = kind.build();
            return { headers: {}, body: undefined as unknown as string, ...req };
          },
          onResponse: (status, _body, context) => {
            const s = stats.get(context.kind as string)!;
            s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
            s.ms.push(performance.now() - (context.at as number));
          },
        },
      ],
    });
    clearInterval(sampler);
    rss.push({ t: (Date.now() - started) / 1000, mb: rssMb(server.pid!) });

    // RSS: the median of the first minute after a 30 s warm-up against the median of the last minute.
    const window = Math.min(60, Math.max(10, duration / 5));
    const early = rss.filter((s) => s.t >= Math.min(30, duration / 6) && s.t <= Math.min(30, duration / 6) + window);
    const late = rss.filter((s) => s.t >= duration - window);
    const growth = median(late.map((s) => s.mb)) - median(early.map((s) => s.mb));
    const fiveXx = result['5xx'];

    console.log('\n=== Bilmarknaden soak ===');
    console.log(`duration ${result.duration} s, ${connections} connections, ${result.requests.total} requests`);
    console.log(
      `throughput ${result.requests.average.toFixed(0)} req/s; latency p50 ${result.latency.p50} ms, ` +
        `p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    console.log(
      `2xx ${result['2xx']}, 3xx ${result['3xx']}, 4xx ${result['4xx']}, 5xx ${fiveXx}, ` +
        `errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    console.log('per kind (count, statuses, p50 / p99 ms):');
    for (const k of kinds) {
      const s = stats.get(k.name)!;
      const sorted = s.ms.sort((a, b) => a - b);
      const statuses = [...s.statuses].map(([code, n]) => `${code}×${n}`).join(' ');
      console.log(
        `  ${k.name.padEnd(12)} ${String(sorted.length).padStart(8)}  ${statuses.padEnd(24)} ` +
          `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)}`,
      );
    }
    const mbs = rss.map((s) => s.mb);
    console.log(
      `server RSS: start ${mbs[0]!.toFixed(0)} MB, max ${Math.max(...mbs).toFixed(0)} MB, end ${mbs.at(-1)!.toFixed(0)} MB; ` +
        `growth first→last minute ${growth.toFixed(0)} MB (bound ${maxGrowthMb} MB)`,
    );
    const failures = [
      fiveXx > 0 ? `${fiveXx} answers were 5xx` : '',
      result.errors > 0 ? `${result.errors} connection errors` : '',
      growth > maxGrowthMb ? `RSS grew ${growth.toFixed(0)} MB` : '',
      serverExited ? 'the server exited' : '',
    ].filter(Boolean);
    console.log(failures.length === 0 ? 'PASSED' : `FAILED: ${failures.join('; ')}`);
    process.exitCode = failures.length === 0 ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (serverExited ? r(null) : server.once('exit', r)));
    if (!args.includes('--keep')) await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error('[soak] failed:', err);
  process.exit(1);
});
