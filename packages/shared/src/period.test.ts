import { describe, expect, it } from 'vitest';
import { isCalendarDay } from './inputs/licence';
import { onePeriodAfter } from './period';

describe('onePeriodAfter', () => {
  it('moves a month or a year on, keeping the day where the month has it', () => {
    expect(onePeriodAfter('2026-11-22', 'MONTHLY')).toBe('2026-12-22');
    expect(onePeriodAfter('2026-12-15', 'MONTHLY')).toBe('2027-01-15');
    expect(onePeriodAfter('2026-11-22', 'YEARLY')).toBe('2027-11-22');
  });

  it('takes the last day of a shorter month', () => {
    expect(onePeriodAfter('2027-01-31', 'MONTHLY')).toBe('2027-02-28');
    expect(onePeriodAfter('2028-01-31', 'MONTHLY')).toBe('2028-02-29');
    expect(onePeriodAfter('2028-02-29', 'YEARLY')).toBe('2029-02-28');
  });
});

describe('isCalendarDay', () => {
  it('accepts only days that exist, written YYYY-MM-DD', () => {
    expect(['2027-02-28', '2028-02-29'].map(isCalendarDay)).toEqual([true, true]);
    expect(['2027-02-29', '2027-13-01', '31-12-2027', '2027-1-5', ''].map(isCalendarDay)).toEqual([false, false, false, false, false]);
  });
});
