// @vitest-environment happy-dom
import { CHUNK_LOAD_TIMEOUT_MS } from '@yozy/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunk } from './loadChunk';

const fetchFailed = () => new TypeError('Failed to fetch dynamically imported module: /assets/DashboardView-x.js');
const module = { default: 'the screen' };

describe('loadChunk', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the code at once when it comes', async () => {
    const load = vi.fn(() => Promise.resolve(module));
    await expect(loadChunk(load)).resolves.toBe(module);
    expect(load).toHaveBeenCalledOnce();
  });

  it('fetches again after a failure, waiting longer each time, and answers the code once it comes', async () => {
    const load = vi
      .fn<() => Promise<typeof module>>()
      .mockRejectedValueOnce(fetchFailed())
      .mockRejectedValueOnce(fetchFailed())
      .mockResolvedValue(module);
    const loaded = loadChunk(load);
    let answer: unknown;
    void loaded.then((value) => (answer = value));

    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(2);
    // The second wait is longer than the first.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(2);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(answer).toBe(module);
  });

  it('fetches again at once when the browser is back online', async () => {
    const load = vi.fn<() => Promise<typeof module>>().mockRejectedValueOnce(fetchFailed()).mockResolvedValue(module);
    const loaded = loadChunk(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledOnce();
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe(module);
    expect(load).toHaveBeenCalledTimes(2);
    // The wait that was under way does not fetch it a third time.
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up with a ChunkLoadError 120 s (SPEC §9) after the first attempt when every attempt fails', async () => {
    const load = vi.fn<() => Promise<typeof module>>().mockRejectedValue(fetchFailed());
    const loaded = loadChunk(load);
    const outcome = loaded.then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    // Tried a few times (1, 2, 4, 8 s, then every 15 s), still waiting.
    expect(load.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(load.mock.calls.length).toBeLessThanOrEqual(12);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBeInstanceOf(TypeError);
    // And stops trying.
    const attempts = load.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(attempts);
  });

  it('gives up on a request that never answers 120 s after it started', async () => {
    const load = vi.fn(() => new Promise<typeof module>(() => {}));
    const outcome = loadChunk(load).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(ChunkLoadError);
    expect(load).toHaveBeenCalledOnce();
  });

  it('does not fetch again code that came but failed when it ran', async () => {
    const crash = new Error('Cannot read properties of undefined');
    const load = vi.fn<() => Promise<typeof module>>().mockRejectedValue(crash);
    await expect(loadChunk(load)).rejects.toBe(crash);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(load).toHaveBeenCalledOnce();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    [new ChunkLoadError('Could not load a screen'), true],
    [new TypeError('Failed to fetch dynamically imported module: /assets/DashboardView-x.js'), true],
    [new TypeError('error loading dynamically imported module: /assets/DashboardView-x.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/x.css'), true],
    [new Error('Cannot read properties of undefined'), false],
    ['Failed to fetch dynamically imported module', false],
  ])('%s -> %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});
