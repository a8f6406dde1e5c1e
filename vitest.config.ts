import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds the web console for the browser suite (or says plainly that suite is skipped).
    globalSetup: ['test/e2e/web/global-setup.ts'],
    pool: 'forks',
    // Each file has its own database and service; two at a time suits a two-core machine and PostgreSQL's
    // connection limit.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
  },
});
