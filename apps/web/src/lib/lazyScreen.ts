import { createElement, lazy, useState, type ComponentType } from 'react';
import { loadChunk } from './loadChunk';

/** A screen whose code is fetched on first use, or earlier with `preload`. */
export type LazyScreen<Props extends object> = ComponentType<Props> & {
  /** Starts fetching the screen's code (once; again after a failure) and answers when it is there. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy whose code is fetched with loadChunk (tried again when it fails, given up after
 * CHUNK_LOAD_TIMEOUT_MS, SPEC §9, when the route's error boundary says so with a Reload button),
 * and can be fetched ahead (a link is pointed at). Once the code is there the screen renders at
 * once: React.lazy would still suspend for a moment on its first render, showing the loading state
 * for nothing. For a screen and for a heavy part of one (a chart).
 */
export function lazyScreen<Props extends object = object>(load: () => Promise<{ default: ComponentType<Props> }>): LazyScreen<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<{ default: ComponentType<Props> }> | null = null;
  let failed = false;
  const fetchCode = () =>
    (loading ??= loadChunk(load).then(
      (module) => ((loaded = module.default), module),
      (error: unknown) => {
        // A later attempt (another hover, the screen shown again) fetches it again.
        loading = null;
        failed = true;
        failedScreens.add(forgetFailure);
        throw error;
      },
    ));
  let Lazy = lazy(fetchCode);
  // React.lazy keeps a failure for good (and shows it again at once when the screen is shown
  // again): after one, the screen gets a new one, but only when asked, as React renders the
  // failed screen once more to show its failure.
  function forgetFailure() {
    if (!failed) return;
    failed = false;
    Lazy = lazy(fetchCode);
  }
  const preload = () => {
    forgetFailure();
    return fetchCode();
  };
  function Screen(props: Props) {
    // Chosen once for each screen shown: React may finish a screen that waited for its code in
    // place, and turning it into the loaded one afterwards would mount it again, losing its state.
    const [Component] = useState(() => (loaded ?? Lazy) as ComponentType<Props>);
    return createElement(Component, props);
  }
  return Object.assign(Screen, { preload });
}

const failedScreens = new Set<() => void>();

/**
 * Screens whose code could not be loaded fetch it again the next time they are shown. For the
 * error boundary that said so, when it gives the screens below it another chance.
 */
export function forgetFailedScreens() {
  failedScreens.forEach((forget) => forget());
  failedScreens.clear();
}
