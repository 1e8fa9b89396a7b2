import { data as iso4217 } from 'currency-codes';
import { getAlpha2Codes } from 'i18n-iso-countries/index.js';

/**
 * The standard lists an organisation's country and currency are chosen from: ISO 3166-1 alpha-2
 * country codes and ISO 4217 currency codes, as their packages keep them. Codes are stored; names
 * are read from the platform's own `Intl.DisplayNames` in the reader's language, so no table of
 * names travels to the browser. This module is loaded only where a country or currency is chosen
 * or checked (never by the public pages' first download).
 */

// ISO 4217 also codes fund units, precious metals, testing and "no currency": nothing an
// organisation is billed in. These are the ones list one carries besides the currencies of countries.
const NOT_A_CURRENCY = new Set(['BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW', 'XDR', 'XSU', 'XUA']);

let countries: ReadonlySet<string> | undefined;
let currencies: ReadonlySet<string> | undefined;

/** Every ISO 3166-1 alpha-2 code, such as US or IN. */
export function countryCodes(): ReadonlySet<string> {
  countries ??= new Set(Object.keys(getAlpha2Codes()).sort());
  return countries;
}

/** Every ISO 4217 code of a currency in use somewhere, such as USD or INR. */
export function currencyCodes(): ReadonlySet<string> {
  currencies ??= new Set(
    iso4217
      .filter(({ code, countries }) => !NOT_A_CURRENCY.has(code) && countries.length > 0 && !countries.every((c) => c.startsWith('Zz')))
      .map(({ code }) => code)
      .sort(),
  );
  return currencies;
}

export const isCountryCode = (code: string) => countryCodes().has(code);
export const isCurrencyCode = (code: string) => currencyCodes().has(code);

export const COUNTRY_CHOICE_MESSAGE = 'Choose the country from the list';
export const CURRENCY_CHOICE_MESSAGE = 'Choose the currency from the list';

/** A country's name in `locale` (the code itself where the platform knows no name). */
export function countryName(code: string, locale?: string | string[]): string {
  return displayName('region', code, locale);
}

/** A currency's name in `locale`, such as "US Dollar" (the code itself where the platform knows no name). */
export function currencyName(code: string, locale?: string | string[]): string {
  return displayName('currency', code, locale);
}

const displayNames = new Map<string, Intl.DisplayNames>();
function displayName(type: 'region' | 'currency', code: string, locale?: string | string[]): string {
  const key = `${type}:${String(locale ?? '')}`;
  let names = displayNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames(locale, { type, fallback: 'code' });
    displayNames.set(key, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    // A value kept from before the lists (not two or three letters) has no name: it is shown as it is.
    return code;
  }
}

/** Every country as [code, name], by name in `locale`. */
export function countryOptions(locale?: string | string[]): [code: string, name: string][] {
  return byName(
    [...countryCodes()].map((code) => [code, countryName(code, locale)]),
    locale,
  );
}

/** A currency as a list offers it: "US Dollar (USD)", or the code once where its name is only the code ("SLE"). */
export function currencyLabel(code: string, locale?: string | string[]): string {
  const name = currencyName(code, locale);
  return name === code ? code : `${name} (${code})`;
}

/** Every currency as [code, "name (code)"], by name in `locale`. */
export function currencyOptions(locale?: string | string[]): [code: string, name: string][] {
  return byName(
    [...currencyCodes()].map((code) => [code, currencyLabel(code, locale)]),
    locale,
  );
}

function byName(options: [string, string][], locale?: string | string[]) {
  const collator = new Intl.Collator(locale);
  return options.sort((a, b) => collator.compare(a[1], b[1]));
}
