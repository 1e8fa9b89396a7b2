/** Whole seconds left of a countdown of `total` seconds started at `startedAt` (ms), never below 0. */
export function secondsLeft(total: number, startedAt: number, now: number): number {
  const elapsed = Math.floor(Math.max(0, now - startedAt) / 1000);
  return Math.max(0, total - elapsed);
}
