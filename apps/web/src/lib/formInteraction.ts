// Focus, a click or a key press: the first of them inside a form shows the person is starting on it.
const INTERACTIONS = ['focusin', 'pointerdown', 'keydown', 'input'] as const;

/**
 * Calls `onInteraction` once, the first time the person focuses, clicks or types in any form of
 * the page; returns a function that stops waiting. A field focused by the page itself before
 * this was called does not count until the person types in it.
 */
export function onFirstFormInteraction(onInteraction: () => void): () => void {
  const handle = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('form')) return;
    stop();
    onInteraction();
  };
  const stop = () => INTERACTIONS.forEach((type) => document.removeEventListener(type, handle, true));
  INTERACTIONS.forEach((type) => document.addEventListener(type, handle, true));
  return stop;
}
