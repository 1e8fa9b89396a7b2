import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from './numbers';

describe('formatNumber', () => {
  it.each([
    ['en-US', 1950, '1,950'],
    ['de-DE', 1950.5, '1.950,5'],
    ['en-IN', 1950000, '19,50,000'],
    ['en-US', 0, '0'],
  ])('in %s writes %s as %s, never rescaled', (locale, value, expected) => {
    expect(formatNumber(value, { locale })).toBe(expected);
  });
});

describe('formatMoney', () => {
  it.each([
    ['en-US', 4900, 'USD', '4,900.00 USD'],
    ['de-DE', 19.5, 'EUR', '19,50 EUR'],
    ['fr-FR', 1950.25, 'EUR', '1 950,25 EUR'],
    ['en-US', 9.5, null, '9.50'],
  ])('in %s writes %s %s as %s', (locale, amount, currency, expected) => {
    expect(formatMoney(amount, currency, { locale }).replace(/\u202f|\u00a0/g, ' ')).toBe(expected);
  });
});
