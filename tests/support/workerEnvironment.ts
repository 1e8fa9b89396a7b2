import { builtinEnvironments, type Environment } from 'vitest/runtime';

/**
 * Node's environment, plus what a worker started to share between the test files it runs (they
 * share its process: isolate is off) stopped when the worker stops. Vitest sets an environment
 * up once per worker and tears it down when the run is over, after the worker's last file.
 */
const registry = globalThis as { yozyWorkerStops?: (() => Promise<void>)[] };

/** Runs `stop` when this worker stops, after its last test file. */
export function onWorkerStop(stop: () => Promise<void>): void {
  (registry.yozyWorkerStops ??= []).push(stop);
}

export default {
  name: 'yozy-worker',
  viteEnvironment: 'ssr',
  async setup(global, options) {
    const node = await builtinEnvironments.node.setup(global, options);
    return {
      async teardown(global) {
        const stops = registry.yozyWorkerStops ?? [];
        registry.yozyWorkerStops = [];
        await Promise.all(stops.map((stop) => stop()));
        await node.teardown(global);
      },
    };
  },
} satisfies Environment;
