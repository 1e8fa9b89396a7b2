import { defineConfig } from 'vitest/config';

// Unit tests run in Node; component tests ask for a DOM with `// @vitest-environment happy-dom`.
export default defineConfig({
  test: {
    setupFiles: ['./src/testing/setup.ts'],
  },
});
