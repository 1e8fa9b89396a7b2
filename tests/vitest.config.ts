import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each file starts its own stack (REST service, gateway, database); two at a time fit two cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'integration', include: ['integration/**/*.test.ts'] } },
      { extends: true, test: { name: 'e2e', include: ['e2e/**/*.test.ts'], testTimeout: 60_000 } },
      // `npm start` as a user runs it: real processes on their own ports, started, killed and stopped.
      { extends: true, test: { name: 'launcher', include: ['launcher/**/*.test.ts'], testTimeout: 360_000 } },
    ],
  },
});
