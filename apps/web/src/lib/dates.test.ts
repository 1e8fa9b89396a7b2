import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('formatDateTime', () => {
  it.each([
    [new Date(2026, 2, 5, 14, 7), 'Mar 05 2026, 02:07 PM'],
    [new Date(2024, 11, 31, 0, 0), 'Dec 31 2024, 12:00 AM'],
    ['2025-07-09T09:30:00', 'Jul 09 2025, 09:30 AM'],
  ])('%s -> %s', (value, expected) => {
    expect(formatDateTime(value)).toBe(expected);
  });

  it('formats an ISO instant in local time', () => {
    const instant = '2026-03-05T14:07:00.000Z';
    const local = new Date(instant);
    expect(formatDateTime(instant)).toBe(formatDateTime(local));
  });
});

describe('formatDate', () => {
  it.each([
    ['2026-03-05', '05-03-2026'],
    [new Date(2024, 0, 1), '01-01-2024'],
  ])('%s -> %s', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });
});

describe('empty or invalid values', () => {
  it.each([[null], [undefined], [''], ['not a date'], [Number.NaN]])('%s gives an empty string', (value) => {
    expect(formatDateTime(value)).toBe('');
    expect(formatDate(value)).toBe('');
  });
});
