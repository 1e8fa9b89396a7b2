import { describe, expect, it } from 'vitest';
import { isDay, lastDays, rangeProblem } from './range';

describe('statistics range', () => {
  it('takes the last days up to today (UTC), today included', () => {
    expect(lastDays(30, new Date('2026-03-10T23:30:00Z'))).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(lastDays(1, new Date('2026-03-10T00:10:00Z'))).toEqual({ from: '2026-03-10', to: '2026-03-10' });
  });

  it('knows a real day from a malformed or impossible one', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-3-1')).toBe(false);
    expect(isDay(null)).toBe(false);
  });

  it('refuses a range that runs backwards or is longer than a leap year, naming the field', () => {
    expect(rangeProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(rangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(rangeProblem('2026-03-02', '2026-03-01')).toEqual({ field: 'from', message: 'The first day must not be after the last day' });
    expect(rangeProblem('2024-01-01', '2025-01-01')).toEqual({ field: 'from', message: 'Choose at most 366 days' });
    expect(rangeProblem('2026-03-01', '')).toEqual({ field: 'to', message: 'Choose the last day' });
  });
});
