import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the console scaled out with `npm run cluster` (nginx, two gateways, two
 * REST services, PostgreSQL and Redis, real processes on loopback), one cluster for the file.
 * Not part of `npm test` (it needs nginx and Redis, and minutes); .ci/run runs it after.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    name: 'cluster',
    include: ['cluster/**/*.test.ts'],
    testTimeout: 180_000,
    // Starting the cluster builds what changed, makes a database and migrates it.
    hookTimeout: 360_000,
    maxWorkers: 1,
    // The tests of the file run in order on one cluster: the later ones restart and kill instances.
    sequence: { concurrent: false },
  },
});
