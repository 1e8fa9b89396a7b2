import { createContext, createElement, useContext, useEffect, type ReactNode } from 'react';

export const PRODUCT_NAME = 'Yozy Admin';

// Each listener with the name it heard last (or the page's name when it began to listen).
const listeners = new Map<(title: string) => void, string | null>();
// Whether a screen has named the page yet: the first one arrives with the page load itself.
let named = false;
// Whether telling the listeners the page's name is due already.
let announcing = false;

/** `Users · Yozy Admin`: the screen first, so tabs and history tell screens apart. */
export const documentTitle = (screen: string) => `${screen} · ${PRODUCT_NAME}`;

/**
 * How deep in a page a name is given: a page's title is 0, the tab open under it 1, what that tab
 * shows 2, and so on. The page is named from the deepest name up: "Plans · Platform Settings".
 */
const TitleDepth = createContext(0);

type Naming = { depth: number; title: string };
const namings: Naming[] = [];

/** The names given now, deepest first; at each depth the one given last. */
function composedTitle(): string | null {
  const byDepth = new Map<number, string>();
  for (const naming of namings) byDepth.set(naming.depth, naming.title);
  const titles = [...byDepth].sort(([a], [b]) => b - a).map(([, title]) => title);
  // The tab a page opens on may have the page's own name ("Groups" of Groups): once is enough.
  const distinct = titles.filter((title, n) => title !== titles[n - 1]);
  return distinct.length ? distinct.join(' · ') : null;
}

/** Tells the listeners the page's name once the screens of one change have all named themselves. */
function announce() {
  announcing = false;
  const title = composedTitle();
  if (title === null) return;
  for (const [listener, heard] of listeners) {
    if (heard === title) continue;
    listeners.set(listener, title);
    if (named) listener(title);
  }
  named = true;
}

function nameThePage() {
  const title = composedTitle();
  // Between one screen leaving and the next arriving, the page keeps its name.
  if (title === null) return;
  document.title = documentTitle(title);
  // A page's parts name it one after another as they mount (the innermost first): tell the
  // listeners after all of them, so a screen is announced once, by its whole name.
  if (!announcing) {
    announcing = true;
    queueMicrotask(announce);
  }
}

function useNaming(title: string | undefined, depth: number) {
  useEffect(() => {
    if (!title) return;
    const naming = { depth, title };
    namings.push(naming);
    nameThePage();
    return () => {
      namings.splice(namings.indexOf(naming), 1);
      nameThePage();
    };
  }, [title, depth]);
}

/** Names the page after the screen showing, and tells whoever listens (the route announcer). */
export function usePageTitle(screen: string) {
  useNaming(screen, useContext(TitleDepth));
}

/**
 * A part of a page with a name of its own, such as the tab open: the page is named after it, in
 * front of the page's own title ("User Details · Acme Corporation"), and whatever screen inside
 * names itself goes in front of both.
 */
export function PageTitleSection({ title, children }: { title: string | undefined; children?: ReactNode }) {
  const depth = useContext(TitleDepth);
  useNaming(title, depth + 1);
  return createElement(TitleDepth.Provider, { value: depth + 2 }, children);
}

/**
 * Calls `listener` with the title of each screen that opens after the first, and after the one
 * showing when it begins to listen; returns a function that stops.
 */
export function onPageTitle(listener: (title: string) => void): () => void {
  listeners.set(listener, composedTitle());
  return () => listeners.delete(listener);
}
