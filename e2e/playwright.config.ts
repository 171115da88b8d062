import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM, chromiumPath } from '../scripts/chromium.mjs';

// The real default process, built, on a free port with a fresh DATA_DIR and the demo data.
// Workers re-read this file: the port and folder chosen by the main process travel in the environment.
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'bm-e2e-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  // E2E_OUTPUT_DIR: a run of one's own while someone else runs the suite in the same tree.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  fullyParallel: false,
  workers: 1,
  // Under CI a journey that timed out on a loaded machine runs once more; the summary names it as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    // A trace records every step of every test; CI keeps no files of a run, so there it only costs time.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath() ?? CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node server/dist/main.js',
    cwd: root,
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Every test registers its users from 127.0.0.1: far more than the 10 an hour one address gets by default.
      REGISTRATION_RATE_LIMIT: '100000',
      // The browser and the server keep both cores busy: idle-class photo workers would wait for a free one.
      PHOTO_WORKER_PRIORITY: 'normal',
    },
  },
});
