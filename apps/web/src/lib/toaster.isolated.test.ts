// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as LoadChunk from './loadChunk';

const chunks = vi.hoisted(() => ({ failNext: 0 }));
vi.mock('./loadChunk', async (original) => {
  const actual = await original<typeof LoadChunk>();
  return {
    ...actual,
    // As loadChunk answers when the code is still missing at the limit; later calls fetch it.
    loadChunk: <Module>(load: () => Promise<Module>): Promise<Module> => {
      if (chunks.failNext > 0) {
        chunks.failNext -= 1;
        return Promise.reject(new actual.ChunkLoadError('The code of this part of the console could not be loaded'));
      }
      return load();
    },
  };
});

afterEach(() => {
  vi.resetModules();
  chunks.failNext = 0;
});

// The first test imports Chakra's toast code cold, which takes seconds on a busy machine.
describe('toaster', { timeout: 30_000 }, () => {
  it('fetches the toasts’ code again with the next toast after it could not be fetched', async () => {
    const { loadToasterStore, toasterRequested } = await import('./toaster');
    chunks.failNext = 1;

    await expect(loadToasterStore()).rejects.toThrow('could not be loaded');
    expect(toasterRequested()).toBe(true);

    const store = await loadToasterStore();
    store.create({ type: 'success', title: 'Saved' });
    expect(store.getVisibleToasts().map((toast) => toast.title)).toEqual(['Saved']);
  });

  it('tells whoever waits that toasts were asked for once, even when the first fetch failed', async () => {
    const { loadToasterStore, onToasterRequested, toasterRequested } = await import('./toaster');
    const notify = vi.fn();
    onToasterRequested(notify);
    expect(toasterRequested()).toBe(false);
    chunks.failNext = 1;

    await loadToasterStore().catch(() => undefined);
    await loadToasterStore();

    expect(notify).toHaveBeenCalledTimes(1);
  });
});
