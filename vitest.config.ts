import { defineConfig } from 'vitest/config';

// Two projects: everything on Node (unit + integration on the real database), and the web app in happy-dom.
// Integration tests are named *.int.test.ts: the PostgreSQL leg of `npm test` runs them again.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'services/*/src/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'server/src/**/*.test.ts',
            'server/test/**/*.test.ts',
            'bench/src/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file builds its own app on its own database, so files share a worker's modules (no re-import per
          // file) and run side by side: the PostgreSQL leg waits on the server, the PGlite leg on its one core each.
          isolate: false,
          maxWorkers: process.env.TEST_DATABASE_URL ? 3 : 2,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
