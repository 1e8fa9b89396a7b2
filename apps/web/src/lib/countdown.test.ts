import { describe, expect, it } from 'vitest';
import { secondsLeft } from './countdown';

describe('secondsLeft', () => {
  it.each([
    [0, 10],
    [999, 10],
    [1_000, 9],
    [9_999, 1],
    [10_000, 0],
    [60_000, 0],
    [-500, 10], // a clock that stepped back does not add time
  ])('after %i ms of 10 s -> %i', (elapsed, expected) => {
    expect(secondsLeft(10, 5_000, 5_000 + elapsed)).toBe(expected);
  });
});
