import { configDefaults, defineConfig } from 'vitest/config';

// Unit tests run in Node; component tests ask for a DOM with `// @vitest-environment happy-dom`.
// Files share their worker (no isolation): importing Chakra and React once per worker instead of
// once per file is most of the suite's time, and each test cleans up what it rendered.
// A file that replaces a module with `vi.mock` cannot share: a module imported earlier by another
// file would keep the real one. Such files are named `*.isolated.test.tsx` and run on their own.
const ISOLATED = 'src/**/*.isolated.test.{ts,tsx}';

export default defineConfig({
  // `@/…` is the source folder, as tsconfig.json's `paths` says.
  resolve: { tsconfigPaths: true },
  test: {
    setupFiles: ['./src/testing/setup.ts'],
    // `npm test` counts the tests each package ran (tools/test-count-reporter.mjs).
    reporters: ['default', '../../tools/test-count-reporter.mjs'],
    projects: [
      { extends: true, test: { name: 'shared', isolate: false, exclude: [...configDefaults.exclude, ISOLATED] } },
      { extends: true, test: { name: 'isolated', isolate: true, include: [ISOLATED] } },
    ],
  },
});
