import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Files share their worker process, so the gateway, the REST service and PGlite's WebAssembly
    // load once per worker rather than once per file; every file starts its own stack.
    isolate: false,
    maxWorkers: 2,
    reporters: ['default', './support/timingReporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        // Databases are migrated and seeded once per run; each test file's stack gets a copy.
        test: {
          name: 'integration',
          include: ['integration/**/*.test.ts'],
          globalSetup: ['support/globalSetup.ts'],
          // Node's, plus stopping what a worker's files share (the tenant matrix's stacks) when the worker stops.
          environment: './support/workerEnvironment.ts',
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['support/globalSetup.ts'],
          testTimeout: 60_000,
          // A page answers in its own time on a busy machine: a polled check waits as long as
          // Playwright's own waits do, not the default 1 s, before it counts as failed.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      // `npm start` as a user runs it: real processes on their own ports, started, killed and stopped.
      { extends: true, test: { name: 'launcher', include: ['launcher/**/*.test.ts'], testTimeout: 360_000 } },
    ],
  },
});
