// `npm test`: npm audit of the production dependencies (when the registry's audit endpoint answers),
// typecheck, lint, unit + integration tests on PGlite, the integration tests again on PostgreSQL, and the
// browser journeys. Ends with one line `N passed, N failed` over every runner.
// The browser journeys run from the moment the build is done, beside everything else: they mostly wait (on the
// page, the server, timers) and use about one core. The other steps run at a lower priority (nice), so the
// journeys keep their pace and the rest fills the cores they leave; the PostgreSQL leg takes the journeys' place
// when they end, beside the rest of the PGlite leg.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import pg from 'pg';
import { CHROMIUM, chromiumPath, HEADLESS_SHELL } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.vitest-results');
mkdirSync(results, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- unit pg` runs only those steps
const want = (step) => only.length === 0 || only.includes(step);
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

// Steps beside the browser journeys run at this niceness (Linux and macOS have `nice`).
const lower = (cmd, args) =>
  existsSync('/usr/bin/nice') ? ['/usr/bin/nice', ['-n', '10', cmd, ...args]] : [cmd, args];

/** A step whose output streams to the terminal as it comes, at the lower priority. */
function run(cmd, args, env = {}) {
  console.log(`\n▶ ${cmd} ${args.join(' ')}`);
  const [c, a] = lower(cmd, args);
  return new Promise((resolve) => {
    const child = spawn(c, a, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Like run, beside other steps: its output is held and printed in one piece when it ends. */
function runBeside(cmd, args, { env = {}, priority = 'lower' } = {}) {
  const [c, a] = priority === 'lower' ? lower(cmd, args) : [cmd, args];
  return new Promise((resolve) => {
    const child = spawn(c, a, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      console.log(`\n▶ ${cmd} ${args.join(' ')}\n${output}`);
      resolve(code ?? 1);
    });
  });
}

const since = (started) => `(${Math.round((Date.now() - started) / 1000)} s)`;

/** A step beside others: its summary line carries its own time. */
async function check(name, cmd, args) {
  const started = Date.now();
  const ok = (await runBeside(cmd, args)) === 0;
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${name}: ${ok ? 'passed' : 'FAILED'} ${since(started)}`);
}

/** A vitest run; `beside`: its output is held and printed in one piece when it ends (it runs beside another). */
async function vitestLeg(name, args, env, { beside = false } = {}) {
  const out = path.join(results, `${name}.json`);
  const argv = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args];
  const status = beside ? await runBeside('npx', argv, { env }) : await run('npx', argv, env);
  let passed = 0,
    failed = 0,
    skipped = 0;
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed = r.numPassedTests;
    failed = r.numFailedTests;
    skipped = r.numPendingTests + r.numTodoTests;
  }
  if (status !== 0 && failed === 0) failed = 1; // a file that could not load, or the runner itself
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  return `${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function ensureChromium() {
  if (chromiumPath()) return true;
  if (!process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium-headless-shell package");
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { stdio: 'inherit' });
  }
  if (chromiumPath()) return true;
  console.error(
    `No browser found at ${process.env.CHROMIUM_PATH ?? `${HEADLESS_SHELL} or ${CHROMIUM}`}: install Debian's package ` +
      '`chromium-headless-shell` (apt-get install -y chromium-headless-shell) or `chromium`.',
  );
  return false;
}

/** The production build the browser journeys run against. */
async function buildStep() {
  const started = Date.now();
  const ok = (await runBeside('npm', ['run', 'build', '--silent'], { priority: 'normal' })) === 0;
  if (!ok) totals.failed += 1;
  lines.push(`build: ${ok ? 'done' : 'FAILED'} ${since(started)}`);
  return ok;
}

async function playwrightLeg(built) {
  if (!built) return null;
  if (!ensureChromium()) {
    totals.failed += 1;
    return 'browser: FAILED (Chromium missing)';
  }
  const out = path.join(results, 'playwright.json');
  const status = await runBeside('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    priority: 'normal',
  });
  let passed = 0,
    failed = 0,
    skipped = 0;
  let failures = [];
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const s = report.stats ?? {};
    passed = (s.expected ?? 0) + (s.flaky ?? 0);
    failed = s.unexpected ?? 0;
    skipped = s.skipped ?? 0;
    failures = failedJourneys(report);
  }
  if (status !== 0 && failed === 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  const named = failures.map((f) => `\n  ✘ ${f}`).join('');
  return `browser: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${named}`;
}

/** Each failed or flaky journey as `file › title: first line of its error`, so the summary alone says what broke. */
function failedJourneys(report) {
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((r) => r.error)?.error?.message ?? '';
        const first = stripVTControlCharacters(error).split('\n')[0];
        const mark = test.status === 'flaky' ? '(flaky: passed on its retry) ' : '';
        found.push(`${mark}${[spec.file, ...titles, spec.title].join(' › ')}: ${first}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title === child.file ? titles : [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}

/**
 * `npm audit --omit=dev`: fails on any high or critical advisory of a production dependency. When the
 * registry's audit endpoint cannot be reached (this workplace's registry mirror answers it with 405), the
 * audit cannot say anything: reported as not run, neither passed nor failed.
 */
function auditLeg() {
  console.log('\n▶ npm audit --omit=dev --audit-level=high');
  const r = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { cwd: root, encoding: 'utf8' });
  let report = null;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    // not JSON: handled below
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const why = report?.message ?? report?.error?.summary ?? (r.stderr || r.stdout || '').trim().split('\n').pop();
    console.log(`npm audit could not run: ${why}`);
    return `npm audit: not run — the audit endpoint did not answer (${why})`;
  }
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  console.log(`advisories: ${JSON.stringify(counts)}`);
  totals[serious === 0 ? 'passed' : 'failed'] += 1;
  return `npm audit: ${serious === 0 ? 'passed' : `FAILED (${serious} high or critical)`}`;
}

/** Runs a step and adds its time to the summary line it returns, so the cost of each step is seen on every run. */
async function timed(step) {
  const started = Date.now();
  const line = await step();
  if (line) lines.push(`${line} ${since(started)}`);
}

if (want('audit')) await timed(auditLeg);
const browser = want('e2e') ? buildStep().then((built) => timed(() => playwrightLeg(built))) : Promise.resolve();
await Promise.all([
  want('typecheck') && check('typecheck', 'npm', ['run', 'typecheck', '--silent']),
  want('lint') && check('lint', 'npm', ['run', 'lint', '--silent']),
]);
// The PostgreSQL leg starts when the journeys end and takes their core beside the rest of the PGlite leg (it waits on
// the server much of its time); without journeys it follows the PGlite leg.
const pgliteLeg = want('unit') ? timed(() => vitestLeg('vitest (PGlite)', [], { TEST_DATABASE_URL: '' })) : null;
const pgLeg = (async () => {
  if (!want('pg')) return;
  await (want('e2e') ? browser : pgliteLeg);
  await timed(async () => {
    const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    if (!(await postgresReachable(url))) return `vitest (PostgreSQL): skipped — no PostgreSQL answers at ${url}`;
    return vitestLeg(
      'vitest (PostgreSQL)',
      ['--project', 'node', '.int.test.ts'],
      { TEST_DATABASE_URL: url },
      {
        beside: pgliteLeg !== null && want('e2e'),
      },
    );
  });
})();
await Promise.all([pgliteLeg, pgLeg, browser]);

console.log('\n== Summary ==');
for (const l of lines) console.log(l);
const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(path.join(results, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(totals.failed > 0 ? 1 : 0);
