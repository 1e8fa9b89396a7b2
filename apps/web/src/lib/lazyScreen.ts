import { CHUNK_LOAD_TIMEOUT_MS } from '@yozy/shared';
import { lazy, type ComponentType } from 'react';

/** A route screen's code could not be fetched (offline, or a new deployment removed the file). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

const CHUNK_FAILURE = /dynamically imported module|importing a module script failed|unable to preload css/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));
}

/** React.lazy that gives up after CHUNK_LOAD_TIMEOUT_MS (SPEC §9) instead of waiting forever. */
export function lazyScreen<Props extends object = object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<Props> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new ChunkLoadError('Timed out loading a screen')), CHUNK_LOAD_TIMEOUT_MS);
        load()
          .then(resolve, (cause: unknown) => reject(new ChunkLoadError('Could not load a screen', { cause })))
          .finally(() => clearTimeout(timer));
      }),
  );
}
