import { lazy, Suspense, useRef, useSyncExternalStore } from 'react';
import { toaster } from '../lib/toaster';

const ToastRegion = lazy(() => import('./ToastRegion'));

// Once a toast has been shown its code stays: the next one should not wait for it.
let toasted = false;
const subscribe = (onChange: () => void) =>
  toaster.subscribe(() => {
    toasted = true;
    onChange();
  });
const needed = () => toasted || toaster.getCount() > 0;

/**
 * Where toasts appear. Their code (about 16 kB gzipped) loads with the first toast rather than
 * with the first screen. The live region is there from the start, so a screen reader announces
 * even the first toast, which arrives together with the code that shows it.
 */
export function Toaster() {
  const region = useRef<HTMLDivElement>(null);
  const show = useSyncExternalStore(subscribe, needed);
  return (
    <div ref={region} aria-live="polite" data-testid="toasts">
      {show && (
        <Suspense fallback={null}>
          <ToastRegion container={region} />
        </Suspense>
      )}
    </div>
  );
}
