import { defineConfig } from 'vitest/config';

// Unit tests run in Node; component tests ask for a DOM with `// @vitest-environment happy-dom`.
// Files share their worker (no isolation): importing Chakra and React once per worker instead of
// once per file is most of the suite's time, and each test cleans up what it rendered.
export default defineConfig({
  test: {
    setupFiles: ['./src/testing/setup.ts'],
    isolate: false,
  },
});
