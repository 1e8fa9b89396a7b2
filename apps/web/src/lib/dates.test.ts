import { describe, expect, it } from 'vitest';
import { dayProblem, formatDate, formatDateTime, parseDay } from './dates';

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

describe('parseDay', () => {
  it.each([
    ['25-11-2026', '2026-11-25'],
    ['5-3-2026', '2026-03-05'],
    [' 25/11/2026 ', '2026-11-25'],
    ['29-02-2028', '2028-02-29'],
  ])('reads %s as %s', (text, day) => {
    expect(parseDay(text)).toBe(day);
  });

  it.each([['31-02-2026'], ['2026-11-25'], ['11-25-2026'], ['25-11-26'], [''], ['today']])('refuses %s', (text) => {
    expect(parseDay(text)).toBeNull();
  });
});

describe('dayProblem', () => {
  it('says how to type a day, and which days the field takes', () => {
    expect(dayProblem('')).toBeNull();
    expect(dayProblem('25-11-2026', { min: '2026-11-01', max: '2026-11-30' })).toBeNull();
    expect(dayProblem('2026-11-25')).toBe('Type the day as DD-MM-YYYY, such as 25-11-2026');
    expect(dayProblem('31-10-2026', { min: '2026-11-01' })).toBe('Choose 01-11-2026 or later');
    expect(dayProblem('01-12-2026', { max: '2026-11-30' })).toBe('Choose 30-11-2026 or earlier');
  });
});
