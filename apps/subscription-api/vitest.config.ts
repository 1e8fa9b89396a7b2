import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // `npm test` counts the tests each package ran (tools/test-count-reporter.mjs).
    reporters: ['default', '../../tools/test-count-reporter.mjs'],
    // The embedded database is migrated and seeded once (globalSetup); each file loads a copy.
    globalSetup: ['src/testing/globalSetup.ts'],
    // Files share their worker process, so PGlite's WebAssembly is compiled once per worker,
    // not once per file; no test here keeps state in a shared module.
    isolate: false,
    hookTimeout: 60_000,
  },
});
