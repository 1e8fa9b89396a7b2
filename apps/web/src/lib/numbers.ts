/**
 * Numbers and money as the reader writes them: grouped and with the decimal mark of their own
 * browser's language (1,950.50 in one country, 1.950,50 or 1 950,50 in another), which is also
 * how the number fields read them back. Never rescaled: 1950 stays 1950, not "2K".
 */

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string | undefined, minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${locale ?? ''}|${minimumFractionDigits}|${maximumFractionDigits}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits });
    formatters.set(key, found);
  }
  return found;
}

type Options = {
  /** The reader's language by default; tests name one. */
  locale?: string;
};

/** A count or a measure: `1950` → "1,950"; up to two decimals when it has any. */
export function formatNumber(value: number, { locale }: Options = {}): string {
  return formatter(locale, 0, 2).format(value);
}

/** An amount of money with its cents and, when known, its currency code after it: "1,950.00 USD". */
export function formatMoney(amount: number, currency?: string | null, { locale }: Options = {}): string {
  const number = formatter(locale, 2, 2).format(amount);
  return currency ? `${number} ${currency}` : number;
}
