import { startTransition, useEffect, useState, type RefObject } from 'react';
import { whenIdle } from './whenIdle';

/**
 * Whether the element has come near the screen (within `margin`) since it was shown, answered
 * after the page has painted and the browser is idle: for heavy parts a page can draw later (a
 * chart) and needs not draw at all if nobody scrolls to them. Stays true once true.
 */
export function useSeenOnce(ref: RefObject<Element | null>, margin = '100px'): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    let cancelIdle = () => {};
    // A transition: drawing it can pause for the browser to respond.
    const show = () => (cancelIdle = whenIdle(() => startTransition(() => setSeen(true)), 500));
    if (!('IntersectionObserver' in window)) {
      show();
      return () => cancelIdle();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        show();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, [ref, seen, margin]);
  return seen;
}
