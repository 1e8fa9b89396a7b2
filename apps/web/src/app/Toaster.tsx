import { Suspense, useRef, useSyncExternalStore } from 'react';
import { lazyScreen } from '@/lib/lazyScreen';
import { onToasterRequested, toasterRequested } from '@/lib/toaster';

const ToastRegion = lazyScreen(() => import('./ToastRegion'));

/**
 * Where toasts appear. Their code (about 17 kB gzipped) loads with the first toast rather than
 * with the first screen. The live region is there from the start, so a screen reader announces
 * even the first toast, which arrives together with the code that shows it.
 */
export function Toaster() {
  const region = useRef<HTMLDivElement>(null);
  const show = useSyncExternalStore(onToasterRequested, toasterRequested);
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
