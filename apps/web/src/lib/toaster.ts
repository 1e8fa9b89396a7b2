import type { CreateToasterReturn } from '@chakra-ui/react';
import { loadChunk } from './loadChunk';

export type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

let store: Promise<CreateToasterReturn> | undefined;
let requested = false;
const waiting = new Set<() => void>();

/**
 * The toasts' store; its code loads with the first toast, as most visits never show one. When
 * that code cannot be fetched (loadChunk gave up after SPEC §9's limit), the toasts asked for
 * meanwhile are lost, and the next toast fetches it again rather than failing for the rest of the visit.
 */
export function loadToasterStore(): Promise<CreateToasterReturn> {
  if (!store) {
    const loading = loadChunk(() => import('./toasterStore')).then(({ toasterStore }) => toasterStore);
    store = loading;
    loading.catch(() => {
      if (store === loading) store = undefined;
    });
    if (!requested) {
      requested = true;
      waiting.forEach((notify) => notify());
      waiting.clear();
    }
  }
  return store;
}

/** Whether a toast has been asked for, so the place that shows toasts should be there. */
export const toasterRequested = (): boolean => requested;

/** Calls `notify` when the first toast is asked for; returns a function that stops waiting. */
export function onToasterRequested(notify: () => void): () => void {
  waiting.add(notify);
  return () => waiting.delete(notify);
}

function create(options: ToastOptions): void {
  loadToasterStore().then(
    (loaded) => loaded.create(options),
    // The code never came: the chunk-load notice has said so; this toast is lost, the next one tries again.
    () => undefined,
  );
}

const ofType =
  (type: 'success' | 'error' | 'warning' | 'info') =>
  (options: Omit<ToastOptions, 'type'>): void =>
    create({ ...options, type });

/** The console's one toaster. */
export const toaster = {
  create,
  success: ofType('success'),
  error: ofType('error'),
  warning: ofType('warning'),
  info: ofType('info'),
};
