import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // Everything the entry imports statically in one chunk (not seven small ones): one request and no queue on
    // the browser's six connections before the first render. Lazy screens stay chunks of their own.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    // happy-dom: about half the CPU of jsdom for these tests (docs/decisions/065).
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 15_000,
    // vitest's default is one worker fewer than the cores: one on CI's two.
    maxWorkers: 2,
    // Files share a worker's modules (React, testing-library, the app) instead of importing them again per file:
    // the web tests take a third of the time. setup.ts resets the module-level stores after every test.
    isolate: false,
  },
});
