import { useEffect } from 'react';

export const PRODUCT_NAME = 'Yozy Admin';

const listeners = new Set<(title: string) => void>();
// Whether a screen has named the page yet: the first one arrives with the page load itself.
let named = false;

/** `Users · Yozy Admin`: the screen first, so tabs and history tell screens apart. */
export const documentTitle = (screen: string) => `${screen} · ${PRODUCT_NAME}`;

/** Names the page after the screen showing, and tells whoever listens (the route announcer). */
export function usePageTitle(screen: string) {
  useEffect(() => {
    document.title = documentTitle(screen);
    if (named) listeners.forEach((listener) => listener(screen));
    named = true;
  }, [screen]);
}

/** Calls `listener` with the title of each screen that opens after the first; returns a function that stops. */
export function onPageTitle(listener: (title: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
