import { describe, expect, it } from 'vitest';
import { withMinimumDuration } from './minimumDuration';

describe('withMinimumDuration', () => {
  it('waits out the minimum after quick work and hands back its result', async () => {
    const started = performance.now();
    expect(await withMinimumDuration(60, async () => 'done')).toBe('done');
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('waits out the minimum when the work fails too', async () => {
    const started = performance.now();
    await expect(withMinimumDuration(60, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('adds nothing when the work took longer than the minimum', async () => {
    const started = performance.now();
    await withMinimumDuration(10, () => new Promise((resolve) => setTimeout(resolve, 40)));
    expect(performance.now() - started).toBeLessThan(150);
  });
});
