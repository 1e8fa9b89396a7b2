import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `npm run test:load` only: never part of `npm test`. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'load',
    include: ['load/**/*.test.ts'],
    globalSetup: ['support/globalSetup.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    maxWorkers: 1,
  },
});
