import { useCallback, useEffect, useState } from 'react';

export type HorizontalOverflow = {
  /** The content is wider than the box. */
  overflowing: boolean;
  /** Content is hidden to the left / to the right of what shows. */
  hiddenStart: boolean;
  hiddenEnd: boolean;
};

const NONE: HorizontalOverflow = { overflowing: false, hiddenStart: false, hiddenEnd: false };

function measure(element: HTMLElement): HorizontalOverflow {
  const { scrollLeft, scrollWidth, clientWidth } = element;
  // Sub-pixel widths can leave a fraction of a pixel of "overflow" that nobody can see.
  const overflowing = scrollWidth - clientWidth > 1;
  return {
    overflowing,
    hiddenStart: overflowing && scrollLeft > 1,
    hiddenEnd: overflowing && scrollLeft + clientWidth < scrollWidth - 1,
  };
}

/**
 * Whether a horizontally scrolling box hides content at either edge, kept up to date as the box
 * scrolls or resizes, so the screen can show edge shadows or scroll buttons only when they help.
 */
export function useHorizontalOverflow<Element extends HTMLElement>() {
  // A callback ref: the box may mount later than the component (e.g. after a loading state).
  const [element, ref] = useState<Element | null>(null);
  const [overflow, setOverflow] = useState<HorizontalOverflow>(NONE);

  useEffect(() => {
    if (!element) return;
    const update = () =>
      setOverflow((previous) => {
        const next = measure(element);
        const same =
          previous.overflowing === next.overflowing && previous.hiddenStart === next.hiddenStart && previous.hiddenEnd === next.hiddenEnd;
        return same ? previous : next;
      });
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    // The content can grow without the box changing size (rows arrive, a name loads).
    for (const child of Array.from(element.children)) observer?.observe(child);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [element]);

  /** Scrolls by most of the visible width, keeping a little of what was in view for context. */
  const scrollByPage = useCallback(
    (direction: 'start' | 'end') => {
      if (!element) return;
      const distance = Math.max(element.clientWidth * 0.8, 80);
      element.scrollBy({ left: direction === 'end' ? distance : -distance, behavior: 'smooth' });
    },
    [element],
  );

  return { ref, element, ...overflow, scrollByPage };
}
