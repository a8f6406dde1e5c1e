import { defineConfig } from 'vitest/config';

/**
 * Files that replace a module (`vi.mock`) or watch one (`vi.spyOn`) need modules of their own: in a worker
 * shared with other files the module is already loaded, and the replacement would not take. They run
 * isolated; every other file shares its worker's loaded modules with the files before it (each file still
 * makes its own database and service), which spares loading the whole service again for each of ~200 files.
 */
const ISOLATED = [
  // The browser journeys: a handful of long files, each with a service and a browser of its own.
  'test/e2e/web/**/*.test.ts',
  'test/modules/auth-timing.test.ts',
  'test/modules/conversations.test.ts',
  'test/jobs/dispatcher.test.ts',
  'test/platform/local-storage.test.ts',
];

export default defineConfig({
  test: {
    pool: 'forks',
    // Each file has its own database and service; two at a time suits a two-core machine and PostgreSQL's
    // connection limit.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ISOLATED,
          isolate: true,
          // Builds the web console for the browser suite (or says plainly that suite is skipped).
          globalSetup: ['test/e2e/web/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ISOLATED,
          isolate: false,
        },
      },
    ],
  },
});
