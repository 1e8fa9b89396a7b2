import { CHUNK_LOAD_TIMEOUT_MS } from '@yozy/shared';

/** Code of the console could not be fetched (offline, or a new deployment removed the file). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

// Chromium, Firefox and Safari's words for a module that could not be fetched, and Vite's for a stylesheet.
const CHUNK_FAILURE = /dynamically imported module|importing a module script failed|unable to preload css/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));
}

/** The waits between attempts: short at first (a dropped request), then every 15 s until the limit. */
export const CHUNK_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 15_000];

/**
 * The one way the console fetches code on demand (`loadChunk(() => import('…'))`): a fetch that
 * fails is tried again, after 1, 2, 4, 8 s and then every 15 s, or at once when the browser is
 * back online (browsers fetch a failed module again). If the code is still not there
 * CHUNK_LOAD_TIMEOUT_MS (SPEC §9, 120 s) after the first attempt, failed or stalled, it rejects
 * with a ChunkLoadError. A module that was fetched but threw is not fetched again: that error
 * comes at once, as it is.
 */
export function loadChunk<Module>(load: () => Promise<Module>): Promise<Module> {
  return new Promise<Module>((resolve, reject) => {
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let lastFailure: unknown;
    let givenUp = false;
    // Stops waiting for the next attempt: its time has come, the browser is back online, or the limit is reached.
    const stopWaiting = () => {
      clearTimeout(retry);
      window.removeEventListener('online', again);
    };
    const deadline = setTimeout(() => {
      givenUp = true;
      stopWaiting();
      reject(new ChunkLoadError('The code of this part of the console could not be loaded', { cause: lastFailure }));
    }, CHUNK_LOAD_TIMEOUT_MS);
    const run = () =>
      load().then(
        (module) => {
          clearTimeout(deadline);
          resolve(module);
        },
        (error: unknown) => {
          if (!isChunkLoadError(error)) {
            clearTimeout(deadline);
            reject(error);
            return;
          }
          lastFailure = error;
          // A stalled attempt that fails after the limit is not tried again.
          if (givenUp) return;
          retry = setTimeout(again, CHUNK_RETRY_DELAYS_MS[Math.min(attempt++, CHUNK_RETRY_DELAYS_MS.length - 1)]);
          window.addEventListener('online', again);
        },
      );
    function again() {
      stopWaiting();
      void run();
    }
    void run();
  });
}
