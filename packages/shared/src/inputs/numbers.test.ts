import { describe, expect, it } from 'vitest';
import { PLAN_CAPACITY_MESSAGE, PLAN_COST_MESSAGE, planChangesInput } from './plan';
import { optionalNumber, readTypedNumber, requiredNumber } from './numbers';

const MONEY = 2;
const WHOLE = 0;
const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('readTypedNumber', () => {
  it.each([
    // The decimal mark of the person's own country, point or comma.
    ['19.50', 19.5],
    ['19,50', 19.5],
    ['19,5', 19.5],
    ['0,125', null],
    ['.5', 0.5],
    [',75', 0.75],
    ['7', 7],
    ['007', 7],
    // Thousands grouped with the other mark, a space, a no-break space or an apostrophe.
    ['1,950.00', 1950],
    ['1.950,00', 1950],
    ['1 950,00', 1950],
    ['1\u00A0950,5', 1950.5],
    ['1\u202F950.25', 1950.25],
    ["1'950.50", 1950.5],
    ['1’950', 1950],
    ['2,500,000', 2500000],
    ['2.500.000', 2500000],
    ['2.500.000,99', 2500000.99],
    ['1 950', 1950],
    // Lakhs and crores, as written in India.
    ['12,34,567.50', 1234567.5],
    ['1,23,45,678', 12345678],
    // Before a lone mark, digits that cannot be a group of thousands: the mark is the decimal one.
    ['1950,5', 1950.5],
    ['12345.67', 12345.67],
    ['  42,10 ', 42.1],
  ])('reads %j as %j (money)', (typed, expected) => {
    const reading = readTypedNumber(typed, MONEY);
    if (expected === null) expect(reading).toEqual({ problem: { kind: 'tooManyDecimals' } });
    else expect(reading).toEqual({ value: expected });
  });

  it.each([
    ['1,950', '1950', '1,95'],
    ['1.950', '1950', '1.95'],
    ['12.345', '12345', '12.345'],
    ['250,000', '250000', '250'],
    ['1.000', '1000', '1'],
  ])('refuses %j, which could be %s or %s, rather than guessing', (typed, grouped, decimal) => {
    expect(readTypedNumber(typed, MONEY)).toEqual({ problem: { kind: 'ambiguous', grouped, decimal } });
    expect(readTypedNumber(typed, WHOLE)).toEqual({ problem: { kind: 'ambiguous', grouped, decimal } });
  });

  it.each([
    '19,50,5',
    '1,95.00',
    '1.950.00',
    '19 50',
    '1.2.3',
    '5.',
    '1,,5',
    '.',
    ',',
    '-5',
    '+5',
    '1e5',
    '0x10',
    '12a',
    'ten',
    '١٢',
    '1,950.000,5',
  ])('refuses %j, which is no number or not grouped in thousands', (typed) => {
    expect(readTypedNumber(typed, MONEY)).toEqual({ problem: { kind: 'notANumber' } });
  });

  it('refuses decimals a field does not keep instead of rounding them away', () => {
    expect(readTypedNumber('19.999', MONEY)).toEqual({ problem: { kind: 'ambiguous', grouped: '19999', decimal: '19.999' } });
    expect(readTypedNumber('19,9999', MONEY)).toEqual({ problem: { kind: 'tooManyDecimals' } });
    expect(readTypedNumber('1,9500', MONEY)).toEqual({ problem: { kind: 'tooManyDecimals' } });
    expect(readTypedNumber('12,5', WHOLE)).toEqual({ problem: { kind: 'tooManyDecimals' } });
    expect(readTypedNumber('1 950,500', MONEY)).toEqual({ problem: { kind: 'tooManyDecimals' } });
  });
});

describe('number fields', () => {
  const cost = requiredNumber({ message: PLAN_COST_MESSAGE, decimals: MONEY, min: 0, max: 10 ** 10 - 0.01 });
  const minutes = optionalNumber({ message: 'Enter minutes', decimals: WHOLE, min: 5, max: 1440 });

  it('keeps the size of what was typed, whichever decimal mark it uses', () => {
    expect(cost.parse('19,50')).toBe(19.5);
    expect(cost.parse('19.50')).toBe(19.5);
    expect(cost.parse('1.950,00')).toBe(1950);
    expect(cost.parse('1,950.00')).toBe(1950);
    expect(cost.parse(19.5)).toBe(19.5);
  });

  it('says on the field how to write a number that could be read two ways', () => {
    expect(firstMessage(cost.safeParse('1,950'))).toBe('“1,950” could be 1950 or 1,95: type 1950 or 1,95');
    expect(firstMessage(minutes.safeParse(' 1.000 '))).toBe('“1.000” could be 1000 or 1: type 1000 or 1');
  });

  it('refuses what is no number, out of range or too precise with the field’s own words', () => {
    expect(firstMessage(cost.safeParse('19,999'))).toMatch(/could be 19999 or 19,999/);
    expect(firstMessage(cost.safeParse('19,9999'))).toBe('Use at most 2 decimals');
    expect(firstMessage(cost.safeParse('ten'))).toBe(PLAN_COST_MESSAGE);
    expect(firstMessage(cost.safeParse(''))).toBe(PLAN_COST_MESSAGE);
    expect(firstMessage(cost.safeParse('-1'))).toBe(PLAN_COST_MESSAGE);
    expect(firstMessage(cost.safeParse('10.000.000.000'))).toBe(PLAN_COST_MESSAGE);
    expect(firstMessage(minutes.safeParse('7,5'))).toBe('Enter minutes');
    expect(firstMessage(minutes.safeParse(7.5))).toBe('Enter minutes');
    expect(firstMessage(minutes.safeParse(Number.NaN))).toBe('Enter minutes');
  });

  it('takes blank as not given where the field is optional, and a JSON number of money to its cents', () => {
    expect(minutes.parse('  ')).toBeNull();
    expect(minutes.parse(null)).toBeNull();
    expect(minutes.parse(undefined)).toBeNull();
    expect(cost.parse(0.1 + 0.2)).toBe(0.3);
  });

  it('reads every number field of a plan the same way', () => {
    const plan = { name: 'Team', planGroup: 'STANDARD', currency: 'EUR', frequency: 'MONTHLY' as const };
    expect(planChangesInput.parse({ ...plan, cost: '19,50', capacity: '2.500.000' })).toMatchObject({ cost: 19.5, capacity: 2500000 });
    const refused = planChangesInput.safeParse({ ...plan, cost: '1.950', capacity: '12,5' });
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['cost', '“1.950” could be 1950 or 1.95: type 1950 or 1.95'],
      ['capacity', PLAN_CAPACITY_MESSAGE],
    ]);
  });
});
