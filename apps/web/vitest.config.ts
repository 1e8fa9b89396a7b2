import { defineConfig } from 'vitest/config';

// The unit tests here are pure functions, so no DOM is needed.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
