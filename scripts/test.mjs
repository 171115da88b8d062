// `npm test`: npm audit of the production dependencies (when the registry's audit endpoint answers),
// typecheck, lint, unit + integration tests on PGlite, the integration tests again on PostgreSQL, and the
// browser journeys. Ends with one line `N passed, N failed` over every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.vitest-results');
mkdirSync(results, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- unit pg` runs only those steps
const want = (step) => only.length === 0 || only.includes(step);
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(cmd, args, env = {}) {
  console.log(`\n▶ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function check(name, cmd, args) {
  const ok = run(cmd, args) === 0;
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${name}: ${ok ? 'passed' : 'FAILED'}`);
}

function vitestLeg(name, args, env) {
  const out = path.join(results, `${name}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args],
    env,
  );
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
  lines.push(`${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
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
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return true;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium package");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium']);
  }
  if (existsSync(chromium)) return true;
  console.error(
    "Chromium not found at /usr/bin/chromium: install Debian's package `chromium` (apt-get install -y chromium).",
  );
  return false;
}

function playwrightLeg() {
  if (!ensureChromium()) {
    totals.failed += 1;
    lines.push('browser: FAILED (Chromium missing)');
    return;
  }
  if (run('npm', ['run', 'build', '--silent']) !== 0) {
    totals.failed += 1;
    lines.push('build: FAILED');
    return;
  }
  const out = path.join(results, 'playwright.json');
  const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  let passed = 0,
    failed = 0,
    skipped = 0;
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
    passed = (s.expected ?? 0) + (s.flaky ?? 0);
    failed = s.unexpected ?? 0;
    skipped = s.skipped ?? 0;
  }
  if (status !== 0 && failed === 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(`browser: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
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
    lines.push(`npm audit: not run — the audit endpoint did not answer (${why})`);
    return;
  }
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  console.log(`advisories: ${JSON.stringify(counts)}`);
  totals[serious === 0 ? 'passed' : 'failed'] += 1;
  lines.push(`npm audit: ${serious === 0 ? 'passed' : `FAILED (${serious} high or critical)`}`);
}

/** Runs a step and adds its time to its summary line, so the cost of each step is seen on every run. */
async function timed(step) {
  const started = Date.now();
  const before = lines.length;
  await step();
  const seconds = Math.round((Date.now() - started) / 1000);
  for (let i = before; i < lines.length; i++) lines[i] += ` (${seconds} s)`;
}

if (want('audit')) await timed(auditLeg);
if (want('typecheck')) await timed(() => check('typecheck', 'npm', ['run', 'typecheck', '--silent']));
if (want('lint')) await timed(() => check('lint', 'npm', ['run', 'lint', '--silent']));
if (want('unit')) await timed(() => vitestLeg('vitest (PGlite)', [], { TEST_DATABASE_URL: '' }));
if (want('pg')) {
  await timed(async () => {
    const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    if (await postgresReachable(url))
      vitestLeg('vitest (PostgreSQL)', ['--project', 'node', '.int.test.ts'], { TEST_DATABASE_URL: url });
    else lines.push(`vitest (PostgreSQL): skipped — no PostgreSQL answers at ${url}`);
  });
}
if (want('e2e')) await timed(playwrightLeg);

console.log('\n== Summary ==');
for (const l of lines) console.log(l);
const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
writeFileSync(path.join(results, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(totals.failed > 0 ? 1 : 0);
