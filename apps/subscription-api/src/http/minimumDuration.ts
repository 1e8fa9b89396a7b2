import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and settles no sooner than `ms` after it started, whether it succeeded or threw,
 * so the time of an answer does not tell which branch the work took.
 */
export async function withMinimumDuration<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
