import { startStack, type Stack } from './stack';

// Test files share their worker process (isolate: false), and so this stack: starting one (the
// database loaded from the run's dump, both services listening) costs seconds, per file. It is
// stopped when the worker exits, with the process.
const worker = globalThis as { yozySharedStack?: Promise<Stack> };

/**
 * The worker's one stack, for browser test files that need none of their own: such a file makes
 * everything it reads or changes (through the factories or the provider's own operations) in an
 * organisation of its own, and never changes the demo data or the platform's settings, so it sees
 * no other file's data and the files can run in any order. A file that changes what others could
 * see (the platform's plans, the demo organisations, rate limits) starts a stack of its own
 * (`useStack`).
 */
export function sharedStack(): Promise<Stack> {
  worker.yozySharedStack ??= startStack('pglite');
  return worker.yozySharedStack;
}
