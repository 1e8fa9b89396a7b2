import { defineConfig } from 'vitest/config';

// REST-level tests open an in-memory database of their own per file; opening one takes seconds.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], hookTimeout: 60_000 } });
