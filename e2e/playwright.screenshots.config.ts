import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// `npm run screenshots`: every route at 390×844 and 1280×800, logged out and in, saved under
// e2e/screenshots/ for review (git-ignored). Same server, browser and settings as the suite.
export default defineConfig({
  ...base,
  testDir: './capture',
  outputDir: './test-results/screenshots',
  timeout: 180_000,
  reporter: [['list']],
});
