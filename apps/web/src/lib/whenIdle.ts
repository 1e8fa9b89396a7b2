/**
 * Runs `work` when the browser has nothing more pressing to do (within `timeout` ms at the latest),
 * or shortly where it cannot say. Gives the function that calls it off.
 */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}
