import { useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark';

// Also read by public/color-mode.js, which applies the mode before the page first paints.
const STORAGE_KEY = 'yozy-color-mode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function chosen(): ColorMode | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

const systemMode = (): ColorMode => (window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light');

/** The visitor's own choice, else the system's setting. */
export const colorMode = (): ColorMode => chosen() ?? systemMode();

/** Chakra's dark styles apply under `.dark`; `color-scheme` darkens the browser's own parts too. */
function apply(mode: ColorMode) {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}

const listeners = new Set<() => void>();

/**
 * Switches to the other mode and remembers it for the next visits. Switching back to what the
 * system asks for forgets the choice, so the console follows the system again from then on.
 */
export function toggleColorMode() {
  const next: ColorMode = colorMode() === 'dark' ? 'light' : 'dark';
  try {
    if (next === systemMode()) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Storage refused (private mode): the switch still holds for this page.
  }
  apply(next);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  const media = window.matchMedia(DARK_QUERY);
  const followSystem = () => {
    apply(colorMode());
    listener();
  };
  listeners.add(listener);
  media.addEventListener('change', followSystem);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', followSystem);
  };
}

/** The mode in force, kept up to date when the visitor toggles it or the system setting changes. */
export function useColorMode(): ColorMode {
  // A page drawn at build time (vite-plugins/prerenderPages.ts) shows the light mode's icon.
  return useSyncExternalStore(subscribe, colorMode, () => 'light');
}
