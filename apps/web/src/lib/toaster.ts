import type { CreateToasterReturn } from '@chakra-ui/react';
import { loadChunk } from './loadChunk';

export type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

let store: Promise<CreateToasterReturn> | undefined;
const waiting = new Set<() => void>();

/** The toasts' store; its code loads with the first toast, as most visits never show one. */
export function loadToasterStore(): Promise<CreateToasterReturn> {
  if (!store) {
    store = loadChunk(() => import('./toasterStore')).then(({ toasterStore }) => toasterStore);
    waiting.forEach((notify) => notify());
    waiting.clear();
  }
  return store;
}

/** Whether a toast has been asked for, so the place that shows toasts should be there. */
export const toasterRequested = (): boolean => store !== undefined;

/** Calls `notify` when the first toast is asked for; returns a function that stops waiting. */
export function onToasterRequested(notify: () => void): () => void {
  waiting.add(notify);
  return () => waiting.delete(notify);
}

function create(options: ToastOptions): void {
  void loadToasterStore().then((loaded) => loaded.create(options));
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
