import { describe, expect, it } from 'vitest';
import { ChunkLoadError, isChunkLoadError } from './lazyScreen';

describe('isChunkLoadError', () => {
  it.each([
    [new ChunkLoadError('Could not load a screen'), true],
    [new TypeError('Failed to fetch dynamically imported module: /assets/DashboardView-x.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/x.css'), true],
    [new Error('Cannot read properties of undefined'), false],
    ['Failed to fetch dynamically imported module', false],
  ])('%s -> %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});
