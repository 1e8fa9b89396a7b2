import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    reporters: ['default', '../../tools/test-count-reporter.mjs'],
    // Files share their worker process, so the schema, Apollo Server and Express load once per
    // worker rather than once per file (loading them was two thirds of the run). No test here
    // replaces a module (vi.mock) or keeps state in a shared module: keep it so.
    isolate: false,
  },
});
