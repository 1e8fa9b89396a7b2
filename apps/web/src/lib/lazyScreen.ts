import { CHUNK_LOAD_TIMEOUT_MS } from '@yozy/shared';
import { createElement, lazy, useState, type ComponentType } from 'react';

/** A route screen's code could not be fetched (offline, or a new deployment removed the file). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

const CHUNK_FAILURE = /dynamically imported module|importing a module script failed|unable to preload css/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));
}

/** A screen whose code is fetched on first use, or earlier with `preload`. */
export type LazyScreen<Props extends object> = ComponentType<Props> & {
  /** Starts fetching the screen's code (once; again after a failure) and answers when it is there. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy that gives up after CHUNK_LOAD_TIMEOUT_MS (SPEC §9) instead of waiting forever, and
 * whose code can be fetched ahead (a link is pointed at). Once the code is there the screen renders
 * at once: React.lazy would still suspend for a moment on its first render, showing the loading
 * state for nothing.
 */
export function lazyScreen<Props extends object = object>(load: () => Promise<{ default: ComponentType<Props> }>): LazyScreen<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<{ default: ComponentType<Props> }> | null = null;
  const preload = () =>
    (loading ??= new Promise<{ default: ComponentType<Props> }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError('Timed out loading a screen')), CHUNK_LOAD_TIMEOUT_MS);
      load()
        .then(resolve, (cause: unknown) => reject(new ChunkLoadError('Could not load a screen', { cause })))
        .finally(() => clearTimeout(timer));
    }).then(
      (module) => ((loaded = module.default), module),
      (error: unknown) => {
        // A later attempt (another hover, the click) fetches it again.
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Screen(props: Props) {
    // Chosen once for each screen shown: React may finish a screen that waited for its code in
    // place, and turning it into the loaded one afterwards would mount it again, losing its state.
    const [Component] = useState(() => (loaded ?? Lazy) as ComponentType<Props>);
    return createElement(Component, props);
  }
  return Object.assign(Screen, { preload });
}
