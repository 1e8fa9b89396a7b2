import { describe, expect, it } from 'vitest';
import { countryName, countryOptions, currencyLabel, currencyName, currencyOptions, isCountryCode, isCurrencyCode } from './standardLists';

describe('the standard lists', () => {
  it('knows the ISO 3166-1 countries by code and names them in the reader’s language', () => {
    expect(['US', 'IN', 'GB', 'KE', 'FR'].every(isCountryCode)).toBe(true);
    expect(['UK', 'USA', 'us', 'EU', ''].some(isCountryCode)).toBe(false);
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryOptions('en').length).toBeGreaterThanOrEqual(249);
  });

  it('knows the ISO 4217 currencies of countries, not fund units, metals or test codes', () => {
    expect(['USD', 'INR', 'EUR', 'GBP', 'KES', 'XOF'].every(isCurrencyCode)).toBe(true);
    expect(['XAU', 'XXX', 'XTS', 'USN', 'usd', 'DEM'].some(isCurrencyCode)).toBe(false);
    expect(currencyName('INR', 'en')).toBe('Indian Rupee');
    expect(currencyOptions('en').find(([code]) => code === 'USD')).toEqual(['USD', 'US Dollar (USD)']);
    // A currency the platform knows no name for (newer than its data) shows its code once, never "SLE (SLE)".
    expect(currencyOptions('en').filter(([code, label]) => label.includes(`${code} (${code})`))).toEqual([]);
    expect(currencyLabel('XYZ', 'en')).toBe('XYZ');
  });

  it('shows a value kept from before the lists as it is', () => {
    expect(countryName('United States of America', 'en')).toBe('United States of America');
  });
});
