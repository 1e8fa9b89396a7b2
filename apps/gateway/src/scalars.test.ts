import { Kind } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DateScalar, DateTimeScalar, isCalendarDate } from './scalars';

describe('Date', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-1-1', false],
    ['yesterday', false],
  ])('%s is a calendar date: %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it('takes dates from variables and literals and refuses anything else as BAD_USER_INPUT', () => {
    expect(DateScalar.parseValue('2024-05-01')).toBe('2024-05-01');
    expect(DateScalar.parseLiteral({ kind: Kind.STRING, value: '2024-05-01' })).toBe('2024-05-01');
    expect(() => DateScalar.parseValue(20240501)).toThrow(expect.objectContaining({ extensions: { code: 'BAD_USER_INPUT' } }));
    expect(() => DateScalar.parseLiteral({ kind: Kind.INT, value: '20240501' })).toThrow(/YYYY-MM-DD/);
  });
});

describe('DateTime', () => {
  it('takes ISO 8601 instants with an offset only', () => {
    expect(DateTimeScalar.parseValue('2024-05-01T09:30:00.123Z')).toBe('2024-05-01T09:30:00.123Z');
    expect(DateTimeScalar.serialize('2024-05-01T09:30:00+05:30')).toBe('2024-05-01T09:30:00+05:30');
    expect(() => DateTimeScalar.parseValue('2024-05-01 09:30')).toThrow(/ISO 8601/);
  });
});
